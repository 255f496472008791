import type { FieldMetadata } from '@conform-to/react';
import { REVIEW_LIMITS, REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_TYPES, UPLOAD_CHUNK_BYTES } from '@shop/contract/review-constants';
import { useEffect, useState } from 'react';
import { useTranslation } from '~/i18n/use-translation';
import { FieldErrors } from '~/components/forms/fields';
import { useLang } from '~/lib/hooks';
import { PHOTO_FILES_FIELD, photoPreviewPath, reviewsPath } from './paths';
import { photoRefusalMessage, photoTypeNames } from './words';

type Photo = { upload_id: string | null; url: string; width: number; height: number };
type Upload = { upload_id: string; size: number; received: number; photo: { url: string; width: number; height: number } | null };

/** SPEC §7/§9's browser retries: 3, after 1 s doubling, at most 30 s. */
const RETRIES = 3;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class PhotoRefused extends Error {
  constructor(readonly rule: 'mime' | 'max') {
    super(rule);
  }
}

async function post(url: string, body: BodyInit, type?: string): Promise<Upload> {
  const response = await fetch(url, { method: 'POST', body, headers: type ? { 'Content-Type': type } : undefined, credentials: 'same-origin' });
  const answer = (await response.json().catch(() => null)) as (Upload & { rule?: 'mime' | 'max' }) | null;
  if (response.status === 400 && answer?.rule) throw new PhotoRefused(answer.rule);
  if (!response.ok || !answer) throw new Error(String(response.status));
  return answer;
}

/**
 * Sends a photo in 64 KB chunks (SPEC §9). A chunk that fails (a phone losing its signal) is tried again after
 * a pause; the upload then asks the shop how much arrived and goes on from there, never from the start.
 */
async function uploadPhoto(base: string, file: File, onProgress: (received: number) => void): Promise<Upload> {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  let upload = await post(base, form({ intent: 'start', size: String(file.size) }));
  let failures = 0;
  while (!upload.photo) {
    const chunk = file.slice(upload.received, upload.received + UPLOAD_CHUNK_BYTES);
    try {
      upload = await post(`${base}?upload=${upload.upload_id}&offset=${upload.received}`, chunk, 'application/octet-stream');
      failures = 0;
      onProgress(upload.received);
    } catch (error) {
      if (error instanceof PhotoRefused || ++failures > RETRIES) throw error;
      await wait(Math.min(1000 * 2 ** (failures - 1), 30_000));
      upload = await post(base, form({ intent: 'status', upload: upload.upload_id })).catch(() => upload);
    }
  }
  return upload;
}

/**
 * Up to 3 photos with a review: the ones it has, and new ones. With JavaScript a chosen photo is sent in chunks at
 * once and the form posts the uploads' ids; without it, the chosen files go with the form (multipart) and the
 * storefront sends them on. JPEG, PNG or WebP up to 8 MB; the shop checks the content, resizes the picture and
 * removes its metadata.
 */
export function PhotoField({ productId, initial, field }: { productId: number; initial: Photo[]; field: FieldMetadata<unknown> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [photos, setPhotos] = useState(initial.filter((photo) => photo.upload_id));
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const label = t('reviews.photos.label');
  const types = photoTypeNames();

  async function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])].slice(0, REVIEW_LIMITS.photos - photos.length);
    event.currentTarget.value = '';
    setError(null);
    setAdded(null);
    for (const file of files) {
      if (file.size > REVIEW_PHOTO_MAX_BYTES) {
        setError(photoRefusalMessage(t, 'max'));
        continue;
      }
      try {
        setProgress({ name: file.name, percent: 0 });
        const done = await uploadPhoto(`${reviewsPath(lang, productId)}/photos`, file, (received) =>
          setProgress({ name: file.name, percent: Math.round((received / file.size) * 100) }),
        );
        setPhotos((list) => [...list, { upload_id: done.upload_id, ...done.photo! }]);
        setAdded(file.name);
      } catch (failure) {
        setError(failure instanceof PhotoRefused ? photoRefusalMessage(t, failure.rule) : t('reviews.photos.failed'));
      } finally {
        setProgress(null);
      }
    }
  }

  return (
    <div>
      {photos.map((photo, index) => (
        <input key={photo.upload_id} type="hidden" name={`${field.name}[${index}]`} value={photo.upload_id ?? ''} />
      ))}
      <p className="font-medium">{label}</p>
      {photos.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-3">
          {photos.map((photo, index) => (
            <li key={photo.upload_id} className="flex flex-col items-start gap-1">
              {/* Its public address shows it once a review is published: until then, the shopper's own preview. */}
              <img src={photo.upload_id ? photoPreviewPath(lang, productId, photo.upload_id) : photo.url} alt={t('reviews.photos.alt', { index: index + 1 })} width={96} height={Math.round((96 * photo.height) / Math.max(1, photo.width))} className="h-24 w-24 rounded object-cover" />
              {hydrated ? (
                <button type="button" className="text-sm underline" onClick={() => setPhotos((list) => list.filter((each) => each !== photo))}>
                  {t('reviews.photos.remove', { index: index + 1 })}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {photos.length < REVIEW_LIMITS.photos ? (
        <div className="mt-2">
          <p id={`${field.id}-hint`} className="text-sm text-stone-700">
            {t('reviews.photos.hint', { count: REVIEW_LIMITS.photos, types, max: REVIEW_PHOTO_MAX_BYTES / 1024 / 1024 })}
          </p>
          {/* Named for the form post without JavaScript, where the browser's own control names the chosen files. With
              JavaScript the chosen files are sent at once and the input emptied: the button says its words in the
              page's language, the status line says what was added. */}
          <input
            id={`${field.id}-file`}
            name={PHOTO_FILES_FIELD}
            type="file"
            accept={REVIEW_PHOTO_TYPES.join(',')}
            multiple
            aria-label={hydrated ? undefined : t('reviews.photos.choose')}
            aria-describedby={`${field.id}-hint`}
            disabled={progress !== null}
            onChange={(event) => void choose(event)}
            className={
              hydrated
                ? 'peer sr-only'
                : 'mt-1 block w-full text-sm file:mr-3 file:rounded file:border file:border-stone-400 file:bg-white file:px-3 file:py-2'
            }
          />
          {hydrated ? (
            <label
              htmlFor={`${field.id}-file`}
              className="mt-2 inline-flex min-h-11 cursor-pointer items-center rounded border border-stone-500 bg-white px-4 text-sm font-medium peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-stone-900 peer-disabled:cursor-wait peer-disabled:opacity-60"
            >
              {t('reviews.photos.choose')}
            </label>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="mt-1 text-sm text-stone-700">
        {progress ? t('reviews.photos.uploading', { name: progress.name, percent: progress.percent }) : added ? t('reviews.photos.added', { name: added }) : ''}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <FieldErrors field={field} />
    </div>
  );
}
