import { adminEraseInput } from '@shop/contract/admin';
import { redirect } from 'react-router';
import { staffCall } from './api.server';
import { submitStaffForm } from './form-action.server';

/** The erase form's post: on success, to the customers' list with what was erased; a refusal stays on the form. */
export async function eraseAction(request: Request) {
  return submitStaffForm(
    await request.formData(),
    adminEraseInput,
    async (value) => {
      const erased = await staffCall(request, 'eraseCustomer', value);
      const counts = { account: erased.account ? '1' : '0', orders: String(erased.orders), reviews: String(erased.reviews), photos: String(erased.review_photos) };
      return redirect(`/customers?${new URLSearchParams({ erased: '1', ...counts })}`);
    },
    { rowInForm: true },
  );
}
