/**
 * The names of the fields every form post may carry besides its own: read by the pages that send them and by the
 * actions that answer them (a plain module, so that server code imports no component for them).
 */

/** Which form of the page's action a post is (so that one page can hold several). */
export const FORM_ID_FIELD = 'form';

/**
 * Sent along by a form that JavaScript submits in place (a fetcher): the action then answers with data for the
 * page to show where the form is. A plain form post (no JavaScript) gets a redirect with a one-time message.
 */
export const IN_PLACE_FIELD = 'in_place';

/**
 * Sent along by a post whose answer changes nothing on the page (a checkout draft kept while the shopper types):
 * the loaders are not asked again after it.
 */
export const QUIET_POST_FIELD = 'quiet';
export const isQuietPost = (formData: FormData | undefined) => formData?.get(QUIET_POST_FIELD) === '1';
