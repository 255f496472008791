import { getFormProps, getInputProps, getTextareaProps } from '@conform-to/react';
import type { AdminOrder, StaffMember } from '@shop/contract/admin';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { buttonClass, FieldError, FormAlert, inputClass, panelClass, useStaffForm } from '../lib/forms';
import type { OrderActionResult } from './actions.server';
import { orderForms, type OrderIntent } from './forms';

const UNPAID = ['awaiting_payment', 'payment_error'];
const PAID = ['payment_accepted', 'backorder_paid', 'processing', 'shipped', 'delivered'];
const NOT_SHIPPED = ['payment_accepted', 'backorder_paid', 'processing'];

const secondaryButton = 'rounded border border-stone-700 px-4 py-2 font-medium hover:bg-stone-100 disabled:opacity-60';
const dangerButton = 'rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60';

/** One action's form: its intent, its refusal (or 'form incomplete'), and a button busy while it is posted. */
function ActionForm({ intent, actionData, label, buttonClassName = secondaryButton, children }: { intent: OrderIntent; actionData: OrderActionResult | undefined; label: string; buttonClassName?: string; children?: (fields: any) => ReactNode }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const [form, fields] = useStaffForm(orderForms[intent], actionData?.intent === intent ? (actionData.result as never) : undefined);
  const hasFieldErrors = Object.values(fields as Record<string, { errors?: string[] }>).some((field) => field.errors?.length);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <FormAlert errors={form.errors} hasFieldErrors={hasFieldErrors} />
      {children?.(fields)}
      <button type="submit" className={buttonClassName} disabled={busy} aria-busy={busy}>
        {label}
      </button>
    </Form>
  );
}

/** The tick a money-moving form asks for. */
function Confirm({ field, label }: { field: any; label: string }) {
  return (
    <div>
      <label className="flex items-start gap-2">
        <input {...getInputProps(field, { type: 'checkbox' })} className="mt-1" />
        <span>{label}</span>
      </label>
      <FieldError field={field} />
    </div>
  );
}

function TextField({ field, label, type = 'text', defaultValue }: { field: any; label: string; type?: 'text' | 'url'; defaultValue?: string }) {
  const props = getInputProps(field, { type });
  return (
    <div>
      <label htmlFor={field.id}>{label}</label>
      <input {...props} defaultValue={props.defaultValue ?? defaultValue} className={inputClass} />
      <FieldError field={field} />
    </div>
  );
}

const box = 'rounded border border-stone-200 p-3';

/**
 * What goes in the parcel: each line's quantity, prefilled with what is left to send of it (a parcel of all that is
 * left by default); lines already sent are said so. The parcels sent so far are listed above the form.
 */
function ParcelLines({ order, field }: { order: AdminOrder['order']; field: any }) {
  const { t } = useTranslation();
  const entered = field.getFieldList() as { getFieldset: () => { quantity: { initialValue?: string } } }[];
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium">{t('orderActions.parcelLines')}</legend>
      {order.shipments.length > 0 && (
        <ul className="text-sm text-stone-700">
          {order.shipments.map((shipment, index) => (
            <li key={index}>{t('orderActions.parcelSent', { carrier: shipment.carrier, number: shipment.tracking_number, items: shipment.lines.map((line) => `${line.quantity} × ${line.name}`).join(', ') })}</li>
          ))}
        </ul>
      )}
      {order.lines.map((line, index) => {
        const left = line.quantity - line.shipped;
        const label = `${line.name}${line.attributes ? ` (${line.attributes})` : ''}`;
        if (left === 0) return <p key={index} className="text-sm text-stone-700">{t('orderActions.lineSent', { name: label })}</p>;
        const id = `parcel-line-${index}`;
        return (
          <div key={index}>
            <label htmlFor={id}>{t('orderActions.parcelQuantity', { name: label, left, ordered: line.quantity })}</label>
            <input id={id} name={`lines[${index}].quantity`} type="number" min={0} max={left} defaultValue={entered[index]?.getFieldset().quantity.initialValue ?? left} className={inputClass} />
          </div>
        );
      })}
      <FieldError field={field} />
    </fieldset>
  );
}

/**
 * The order's returns: what each sends back, and what is to be done with it. Received: the lines ticked go back on
 * sale. Refunded: its lines, and the original shipping when the whole order came back, after a ticked confirmation.
 */
export function OrderReturns({ detail, staff, actionData }: { detail: AdminOrder; staff: StaffMember; actionData: OrderActionResult | undefined }) {
  const { t } = useTranslation();
  const { returns } = detail.order;
  return (
    <section className={`mb-6 ${panelClass}`} aria-labelledby="returns">
      <h2 id="returns" className="mb-3 text-lg font-semibold">{t('returns.title')}</h2>
      {returns.length === 0 && <p className="text-sm">{t('returns.noneForOrder')}</p>}
      <ul className="space-y-4">
        {returns.map((entry) => (
          <li key={entry.reference} className={box}>
            <p className="font-semibold">
              {entry.reference} · {t(`returns.status.${entry.status}`, { defaultValue: entry.status })} · {t(`returns.reasons.${entry.reason}`, { defaultValue: entry.reason })}
            </p>
            {entry.status === 'requested' && staff.areas.includes('returns') ? (
              <ActionForm intent="receiveReturn" actionData={actionData} label={t('returns.receive')}>
                {() => (
                  <fieldset>
                    <legend className="mb-1">{t('returns.restockLegend')}</legend>
                    <input type="hidden" name="return_reference" value={entry.reference} />
                    {entry.lines.map((line, index) => (
                      <label key={index} className="flex items-start gap-2">
                        <input type="checkbox" name="restock" value={index} defaultChecked className="mt-1" />
                        <span>{t('returns.restock', { quantity: line.quantity, name: line.name })}</span>
                      </label>
                    ))}
                  </fieldset>
                )}
              </ActionForm>
            ) : (
              <ul className="text-sm">
                {entry.lines.map((line, index) => (
                  <li key={index}>{`${line.quantity} × ${line.name}`}</li>
                ))}
              </ul>
            )}
            {entry.status === 'received' && staff.areas.includes('refunds') && (
              <div className="mt-3">
                <p className="mb-2 text-sm">{t('returns.refundHelp')}</p>
                <ActionForm intent="refundReturn" actionData={actionData} label={t('returns.refund')} buttonClassName={dangerButton}>
                  {(fields) => (
                    <>
                      <input type="hidden" name="return_reference" value={entry.reference} />
                      <Confirm field={fields.confirm} label={t('returns.refundConfirm')} />
                    </>
                  )}
                </ActionForm>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The actions the order's state and the staff member's role allow, each a form that works without JavaScript. */
export function OrderActions({ detail, staff, actionData, money }: { detail: AdminOrder; staff: StaffMember; actionData: OrderActionResult | undefined; money: (cents: number) => string }) {
  const { t } = useTranslation();
  const { order } = detail;
  const can = (area: StaffMember['areas'][number]) => staff.areas.includes(area);
  const left = order.total - order.refunded;
  return (
    <section className={`mb-6 ${panelClass}`} aria-labelledby="actions">
      <h2 id="actions" className="mb-3 text-lg font-semibold">{t('orderActions.title')}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        {can('shipping') && ['payment_accepted', 'backorder_paid'].includes(order.status) && (
          <div className={box}>
            <ActionForm intent="startProcessing" actionData={actionData} label={t('orderActions.startProcessing')} />
          </div>
        )}
        {can('shipping') && NOT_SHIPPED.includes(order.status) && (
          <div className={box}>
            <h3 className="mb-2 font-semibold">{t('orderActions.ship')}</h3>
            <ActionForm intent="shipOrder" actionData={actionData} label={t('orderActions.shipSubmit')} buttonClassName={buttonClass}>
              {(fields) => (
                <>
                  <TextField field={fields.carrier} label={t('orderActions.carrier')} defaultValue={order.carrier?.name} />
                  <TextField field={fields.tracking_number} label={t('orderActions.trackingNumber')} />
                  <TextField field={fields.tracking_url} label={t('orderActions.trackingUrl')} type="url" />
                  <ParcelLines order={order} field={fields.lines} />
                </>
              )}
            </ActionForm>
          </div>
        )}
        {can('shipping') && order.status === 'shipped' && (
          <div className={box}>
            <ActionForm intent="markDelivered" actionData={actionData} label={t('orderActions.markDelivered')} />
          </div>
        )}
        {can('refunds') && (UNPAID.includes(order.status) || (NOT_SHIPPED.includes(order.status) && order.shipments.length === 0)) && (
          <div className={box}>
            <h3 className="mb-2 font-semibold">{t('orderActions.cancel')}</h3>
            <p className="mb-2 text-sm">{UNPAID.includes(order.status) ? t('orderActions.cancelUnpaid') : t('orderActions.cancelPaid', { amount: money(left), gateway: order.gateway })}</p>
            <ActionForm intent="cancelOrder" actionData={actionData} label={t('orderActions.cancelSubmit')} buttonClassName={dangerButton}>
              {(fields) => <Confirm field={fields.confirm} label={t('orderActions.cancelConfirm')} />}
            </ActionForm>
          </div>
        )}
        {can('refunds') && PAID.includes(order.status) && left > 0 && (
          <div className={box}>
            <h3 className="mb-2 font-semibold">{t('orderActions.refund')}</h3>
            <p className="mb-2 text-sm">{t('orderActions.refundHelp', { left: money(left) })}</p>
            <ActionForm intent="refundOrder" actionData={actionData} label={t('orderActions.refundSubmit')} buttonClassName={dangerButton}>
              {(fields) => {
                const lines = fields.lines.getFieldList();
                return (
                  <>
                    <TextField field={fields.amount} label={`${t('orderActions.amount')} (${order.currency})`} />
                    {order.lines.map((line, index) => {
                      const quantity = lines[index]?.getFieldset().quantity;
                      const name = `lines[${index}].quantity`;
                      return (
                        <div key={index}>
                          <label htmlFor={`refund-line-${index}`}>{t('orderActions.lineQuantity', { name: `${line.name} (${money(line.unit_price)} × ${line.quantity})` })}</label>
                          <input id={`refund-line-${index}`} name={name} type="number" min={0} max={line.quantity} defaultValue={quantity?.initialValue ?? ''} className={inputClass} />
                        </div>
                      );
                    })}
                    <FieldError field={fields.lines} />
                    <Confirm field={fields.confirm} label={t('orderActions.refundConfirm')} />
                  </>
                );
              }}
            </ActionForm>
          </div>
        )}
        {can('refunds') &&
          detail.attempts
            .filter((attempt) => attempt.stray_refund === 'failed')
            .map((attempt) => (
              <div key={attempt.payment_id} className={box}>
                <h3 className="mb-2 font-semibold">{t('orderActions.stray', { amount: money(attempt.stray_amount), gateway: attempt.gateway })}</h3>
                <p className="mb-2 text-sm">{t('orderActions.strayHelp')}</p>
                <ActionForm intent="settleStrayPayment" actionData={actionData} label={t('orderActions.straySubmit')} buttonClassName={dangerButton}>
                  {(fields) => (
                    <>
                      <input type="hidden" name="payment_id" value={attempt.payment_id} />
                      <div>
                        <label htmlFor={fields.note.id}>{t('orderActions.strayNote')}</label>
                        <textarea {...getTextareaProps(fields.note)} rows={2} className={inputClass} />
                        <FieldError field={fields.note} />
                      </div>
                      <Confirm field={fields.confirm} label={t('orderActions.strayConfirm')} />
                    </>
                  )}
                </ActionForm>
              </div>
            ))}
        {can('orders') && (PAID.includes(order.status) || order.status === 'refunded') && (
          <div className={box}>
            <ActionForm intent="resendConfirmation" actionData={actionData} label={t('orderActions.resend')} />
          </div>
        )}
        {can('orders') && (
          <div className={box}>
            <ActionForm intent="addOrderNote" actionData={actionData} label={t('orderActions.noteSubmit')}>
              {(fields) => (
                <div>
                  <label htmlFor={fields.note.id}>{t('orderActions.note')}</label>
                  <textarea {...getTextareaProps(fields.note)} rows={3} aria-describedby={[`${fields.note.id}-help`, fields.note.errors ? fields.note.errorId : ''].join(' ').trim()} className={inputClass} />
                  <p id={`${fields.note.id}-help`} className="mt-1 text-sm text-stone-700">{t('orderActions.noteHelp')}</p>
                  <FieldError field={fields.note} />
                </div>
              )}
            </ActionForm>
          </div>
        )}
      </div>
    </section>
  );
}
