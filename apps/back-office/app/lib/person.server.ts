import { parseWithZod } from '@conform-to/zod/v4';
import { adminEraseInput } from '@shop/contract/admin';
import { redirect } from 'react-router';
import { AdminApiError, staffCall } from './api.server';

/** The erase form's post: on success, to the customers' list with what was erased; a refusal stays on the form. */
export async function eraseAction(request: Request) {
  const submission = parseWithZod(await request.formData(), { schema: adminEraseInput });
  if (submission.status !== 'success') return { result: submission.reply() };
  try {
    const erased = await staffCall(request, 'eraseCustomer', submission.value);
    const counts = { account: erased.account ? '1' : '0', orders: String(erased.orders), reviews: String(erased.reviews), photos: String(erased.review_photos) };
    return redirect(`/customers?${new URLSearchParams({ erased: '1', ...counts })}`);
  } catch (error) {
    if (error instanceof AdminApiError && error.status < 500) return { result: submission.reply({ formErrors: [error.code] }) };
    if (error instanceof Response && error.status === 404) return { result: submission.reply({ formErrors: ['not_found'] }) };
    throw error;
  }
}
