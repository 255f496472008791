import { PHOTO_ALT_MAX, PHOTO_MOVES, PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_TYPES, type AdminProductPhoto } from '@shop/contract/admin';
import { TEXT_LANGUAGES } from '@shop/contract';
import { useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useNavigation } from 'react-router';
import { adminApi, AdminApiError, staffCall } from '../lib/api.server';
import { refusalCode } from '../lib/form-action.server';
import { buttonClass, Choices, DoneNotice, inputClass, named, panelClass } from '../lib/forms';
import { clearSession } from '../lib/session.server';
import { rowIdOf, rowIdOrNotFound } from '../lib/ids';
import { BackLink } from '../lib/links';
import type { Route } from './+types/product-photos';

type Done = 'uploaded' | 'saved' | 'moved' | 'deleted';
type ActionData = { done: Done | null; error: string | null; id: number | null };


export const meta = () => [{ title: 'Photos' }];

export async function loader({ request, params }: Route.LoaderArgs) {
  return staffCall(request, 'listProductPhotos', { product_id: rowIdOrNotFound(params.id) });
}

const PHOTO_TIMEOUT_MS = 60_000;

/** Sends the file to the API as the API takes it: announced, then in chunks (an interrupted upload is refused as `conflict`). */
async function uploadPhoto(request: Request, productId: number, colourId: number | null, file: File): Promise<void> {
  const bytes = Buffer.from(await file.arrayBuffer());
  const started = await adminApi(request, 'startProductPhotoUpload', { product_id: productId, colour_id: colourId, size: bytes.length });
  for (let offset = started.received; offset < bytes.length; offset += started.chunk_size) {
    const data = bytes.subarray(offset, offset + started.chunk_size).toString('base64');
    // The last chunk waits for the photo's 15 files (about 10 s for a 12-megapixel photo on a busy 2-core machine).
    await adminApi(request, 'uploadProductPhotoChunk', { upload_id: started.upload_id, offset, data }, undefined, PHOTO_TIMEOUT_MS);
  }
}

export async function action({ request, params }: Route.ActionArgs): Promise<ActionData> {
  const productId = rowIdOrNotFound(params.id);
  const form = await request.formData();
  const intent = form.get('intent');
  const id = rowIdOf(form.get('id'));
  const colourId = rowIdOf(form.get('colour'));
  const refused = (error: string): ActionData => ({ done: null, error, id });
  try {
    if (intent === 'upload') {
      const file = form.get('photo');
      if (!(file instanceof File) || file.size === 0) return refused('photo_missing');
      if (file.size > PRODUCT_PHOTO_MAX_BYTES) return refused('photo_too_large');
      await uploadPhoto(request, productId, colourId, file);
      return { done: 'uploaded', error: null, id: null };
    }
    if (id === null) return refused('bad_request');
    if (intent === 'save') {
      const alt = Object.fromEntries(TEXT_LANGUAGES.map((lang) => [lang, String(form.get(`alt_${lang}`) ?? '').slice(0, PHOTO_ALT_MAX)]));
      await staffCall(request, 'updateProductPhoto', { id, colour_id: colourId, alt });
      return { done: 'saved', error: null, id };
    }
    const direction = form.get('direction');
    if (intent === 'move' && PHOTO_MOVES.includes(direction as (typeof PHOTO_MOVES)[number])) {
      await staffCall(request, 'moveProductPhoto', { id, direction: direction as (typeof PHOTO_MOVES)[number] });
      return { done: 'moved', error: null, id };
    }
    if (intent === 'delete') {
      if (form.get('confirm') !== 'on') return refused('confirm_delete');
      await staffCall(request, 'deleteProductPhoto', { id });
      return { done: 'deleted', error: null, id: null };
    }
    return refused('bad_request');
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 401) throw redirect('/sign-in', { headers: { 'Set-Cookie': clearSession(request) } });
    const code = refusalCode(error, { rowInForm: true });
    if (code === null) throw error;
    return refused(code);
  }
}

const ACCEPT = PRODUCT_PHOTO_TYPES.join(',');
const preview = (productId: number, photo: AdminProductPhoto) => `/products/${productId}/photos/${photo.base}-${photo.widths[0]}.jpg`;

function ColourSelect({ id, colours, value }: { id: string; colours: Route.ComponentProps['loaderData']['colours']; value: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id}>{t('photos.colour')}</label>
      <select id={id} name="colour" defaultValue={value ?? ''} className={inputClass}>
        <option value="">{t('photos.allColours')}</option>
        <Choices choices={named(colours)} />
      </select>
    </>
  );
}

/** The upload form: a file input (any browser), and with JavaScript a zone a photo can be dropped on (it submits the same form). */
function UploadForm({ colours }: { colours: Route.ComponentProps['loaderData']['colours'] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload';
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const input = inputRef.current;
    if (!input || event.dataTransfer.files.length === 0) return;
    input.files = event.dataTransfer.files;
    formRef.current?.requestSubmit();
  };
  return (
    <Form ref={formRef} method="post" encType="multipart/form-data" className={`mb-6 ${panelClass}`} aria-labelledby="add-photo">
      <h2 id="add-photo" className="mb-2 text-lg font-semibold">
        {t('photos.add')}
      </h2>
      <input type="hidden" name="intent" value="upload" />
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-dropzone=""
        className={`rounded border-2 border-dashed p-4 ${over ? 'border-blue-700 bg-blue-50' : 'border-stone-400'}`}
      >
        <label htmlFor="photo-file" className="font-medium">
          {t('photos.file')}
        </label>
        <input ref={inputRef} id="photo-file" name="photo" type="file" accept={ACCEPT} required aria-describedby="photo-help" className="mt-1 block w-full max-w-full text-base" />
        <p id="photo-help" className="mt-1 text-sm text-stone-700">
          {t('photos.fileHelp', { mb: PRODUCT_PHOTO_MAX_BYTES / 1024 / 1024 })}
        </p>
        <p className="mt-1 text-sm text-stone-700" aria-hidden="true">
          {t('photos.drop')}
        </p>
      </div>
      <div className="mt-3 max-w-xs">
        <ColourSelect id="upload-colour" colours={colours} value={null} />
      </div>
      <button type="submit" disabled={busy} className={`${buttonClass} mt-3`}>
        {busy ? t('photos.uploading') : t('photos.upload')}
      </button>
    </Form>
  );
}

function PhotoItem({ photo, index, total, data }: { photo: AdminProductPhoto; index: number; total: number; data: Route.ComponentProps['loaderData'] }) {
  const { t } = useTranslation();
  const heading = `photo-${photo.id}`;
  const moves = PHOTO_MOVES.filter((direction) => (direction === 'first' || direction === 'up' ? index > 0 : index < total - 1));
  return (
    <li className={panelClass} aria-labelledby={heading}>
      <div className="flex flex-col gap-4 sm:flex-row">
        <img src={preview(data.product.id, photo)} alt="" width={160} height={Math.round((160 * photo.height) / photo.width)} className="h-auto w-40 shrink-0 rounded bg-stone-100 object-cover" />
        <div className="min-w-0 flex-1">
          <h3 id={heading} className="font-semibold">
            {t('photos.photo', { position: index + 1 })} <span className="font-normal text-stone-700">· {t('photos.size', { width: photo.width, height: photo.height })}</span>
          </h3>
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="id" value={photo.id} />
            <div className="max-w-xs">
              <ColourSelect id={`colour-${photo.id}`} colours={data.colours} value={photo.colour_id} />
            </div>
            <p id={`alt-help-${photo.id}`} className="mt-2 text-sm text-stone-700">
              {t('photos.altHelp')}
            </p>
            <div className="grid gap-2 sm:grid-cols-2">
              {TEXT_LANGUAGES.map((lang) => (
                <div key={lang}>
                  <label htmlFor={`alt-${photo.id}-${lang}`}>{t('photos.alt', { lang: t(`photos.langs.${lang}`) })}</label>
                  <input
                    id={`alt-${photo.id}-${lang}`}
                    name={`alt_${lang}`}
                    lang={lang}
                    maxLength={PHOTO_ALT_MAX}
                    defaultValue={photo.alt[lang] ?? ''}
                    aria-describedby={`alt-help-${photo.id}`}
                    className={inputClass}
                  />
                </div>
              ))}
            </div>
            <button type="submit" className={`${buttonClass} mt-3`}>
              {t('photos.save')}
            </button>
          </Form>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {moves.map((direction) => (
              <Form key={direction} method="post">
                <input type="hidden" name="intent" value="move" />
                <input type="hidden" name="id" value={photo.id} />
                <button type="submit" name="direction" value={direction} className="rounded border border-stone-500 px-3 py-1">
                  {t(`photos.${direction}`)}
                </button>
              </Form>
            ))}
          </div>
          <Form method="post" className="mt-3 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={photo.id} />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="confirm" />
              {t('photos.confirmDelete')}
            </label>
            <button type="submit" className="rounded bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-700">
              {t('photos.delete')}
            </button>
          </Form>
        </div>
      </div>
    </li>
  );
}

/** A product's photos: add (file input, or drop with JavaScript), choose the colour, describe per language, order, delete. */
export default function ProductPhotos({ loaderData: data, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <BackLink to={`/products/${data.product.id}`}>{t('photos.back')}</BackLink>
      <h1 className="mb-1 text-2xl font-semibold">{t('photos.title', { name: data.product.name })}</h1>
      <p className="mb-4 text-stone-700">{t('photos.reference', { reference: data.product.reference })}</p>
      {actionData?.done && (
        <DoneNotice>
          {t(`photos.done.${actionData.done}`)}
        </DoneNotice>
      )}
      {actionData?.error && (
        <p role="alert" className="mb-4 rounded border border-red-300 bg-red-50 p-3 text-red-900">
          {t(`refusals.${actionData.error}`, { defaultValue: t('refusals.default') })}
        </p>
      )}
      <UploadForm colours={data.colours} />
      {data.photos.length === 0 ? (
        <p>{t('photos.none')}</p>
      ) : (
        <>
          <h2 className="mb-2 text-lg font-semibold">{t('photos.count', { count: data.photos.length })}</h2>
          <ol className="flex flex-col gap-4">
            {data.photos.map((photo, index) => (
              <PhotoItem key={photo.id} photo={photo} index={index} total={data.photos.length} data={data} />
            ))}
          </ol>
        </>
      )}
    </>
  );
}
