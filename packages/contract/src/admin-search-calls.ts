import { adminCall } from './admin-call.ts';
import { adminDeleteSynonymsInput, adminSaveSynonymsInput, adminSynonymGroupSchema, adminSynonymsInput, adminSynonymsSchema } from './admin-search.ts';

/** The search's synonyms (area `catalogue`): read at once by the shop's searches. */
export const adminSearchCalls = {
  listSynonyms: adminCall('catalogue', adminSynonymsInput, adminSynonymsSchema, { readOnly: true }),
  saveSynonyms: adminCall('catalogue', adminSaveSynonymsInput, adminSynonymGroupSchema, { refusals: ['not_found'] }),
  deleteSynonyms: adminCall('catalogue', adminDeleteSynonymsInput, adminSynonymGroupSchema, { refusals: ['not_found'] }),
};
