import { TEXT_LANGUAGES, type TextLang } from '@shop/contract';
import { useTranslation } from 'react-i18next';
import { Form, redirect, useNavigation } from 'react-router';
import { AdminApiError, staffCall } from '../lib/api.server';
import { buttonClass, DoneNotice, inputClass, panelClass, Select } from '../lib/forms';
import { rowIdOrNotFound } from '../lib/ids';
import type { Route } from './+types/search-synonyms';

const DONE = ['created', 'updated', 'deleted'] as const;
type Done = (typeof DONE)[number];

const langParam = (value: unknown): TextLang => (TEXT_LANGUAGES as readonly unknown[]).includes(value) ? (value as TextLang) : 'en';

/** The search's synonym groups of one language: the merchant's, to edit, and the vocabulary file's, to read. */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const lang = langParam(params.get('lang'));
  const done = params.get('done');
  return { list: await staffCall(request, 'listSynonyms', { lang }), done: DONE.includes(done as Done) ? (done as Done) : null };
}

/** Adds, saves or deletes a group; a refused group (fewer than two words) comes back with its words as typed. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const lang = langParam(form.get('lang'));
  const back = (done: Done) => redirect(`/search-synonyms?lang=${lang}&done=${done}`);
  const id = form.get('id') ? rowIdOrNotFound(form.get('id')) : undefined;
  if (form.get('intent') === 'delete' && id !== undefined) {
    await staffCall(request, 'deleteSynonyms', { id });
    return back('deleted');
  }
  const typed = String(form.get('phrases') ?? '');
  try {
    await staffCall(request, 'saveSynonyms', { id, lang, phrases: typed.split(',').filter((phrase) => phrase.trim()) });
    return back(id === undefined ? 'created' : 'updated');
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 400) return { refused: { id: id ?? null, typed } };
    throw error;
  }
}

function GroupForm({ lang, id, phrases, label, refused }: { lang: TextLang; id: number | null; phrases: string; label: string; refused: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const field = `phrases-${id ?? 'new'}`;
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2">
      <input type="hidden" name="lang" value={lang} />
      {id !== null && <input type="hidden" name="id" value={id} />}
      <div className="min-w-64 flex-1">
        <label htmlFor={field}>{label}</label>
        <input
          id={field}
          name="phrases"
          defaultValue={phrases}
          required
          maxLength={1300}
          aria-describedby={refused ? `${field}-error` : `${field}-help`}
          aria-invalid={refused || undefined}
          className={inputClass}
        />
        {refused ? (
          <p id={`${field}-error`} className="mt-1 text-sm text-red-800">
            {t('synonyms.invalid')}
          </p>
        ) : (
          <p id={`${field}-help`} className="mt-1 text-sm text-stone-700">
            {t('synonyms.phrasesHelp')}
          </p>
        )}
      </div>
      <button type="submit" name="intent" value="save" disabled={busy} className={`${buttonClass} mb-6`}>
        {id === null ? t('synonyms.add') : t('synonyms.save')}
      </button>
      {id !== null && (
        <button type="submit" name="intent" value="delete" disabled={busy} className="mb-6 rounded border border-red-800 px-4 py-2 font-medium text-red-800 hover:bg-red-50">
          {t('synonyms.delete')}
        </button>
      )}
    </Form>
  );
}

export default function SearchSynonyms({ loaderData: { list, done }, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const refused = actionData?.refused ?? null;
  return (
    <>
      <h1 className="mb-2 text-2xl font-semibold">{t('synonyms.title')}</h1>
      <p className="mb-4 max-w-3xl">{t('synonyms.help')}</p>
      {done && (
        <DoneNotice>
          {t(`synonyms.done.${done}`)}
        </DoneNotice>
      )}
      <Form method="get" className="mb-6 flex items-end gap-3">
        <Select name="lang" label={t('synonyms.language')} choices={TEXT_LANGUAGES.map((code) => ({ value: code, label: t(`synonyms.languages.${code}`) }))} defaultValue={list.lang} />
        <button type="submit" className={`${buttonClass} mb-0.5`}>
          {t('synonyms.show')}
        </button>
      </Form>
      <section aria-labelledby="yours" className={`mb-8 max-w-3xl space-y-4 ${panelClass}`}>
        <h2 id="yours" className="text-lg font-semibold">
          {t('synonyms.yours')} ({t(`synonyms.languages.${list.lang}`)})
        </h2>
        {list.groups.length === 0 && <p>{t('synonyms.none')}</p>}
        {list.groups.map((group, index) => (
          <GroupForm
            key={`${group.id}-${group.updated_at}`}
            lang={list.lang}
            id={group.id}
            phrases={refused?.id === group.id ? refused.typed : group.phrases.join(', ')}
            label={t('synonyms.groupLabel', { number: index + 1 })}
            refused={refused?.id === group.id}
          />
        ))}
        {/* Keyed by the groups: once a group is added the field is empty again (the browser keeps what was typed otherwise). */}
        <GroupForm
          key={`new-${list.groups.map((group) => group.id).join('-')}`}
          lang={list.lang}
          id={null}
          phrases={refused?.id === null ? refused.typed : ''}
          label={t('synonyms.newGroup')}
          refused={refused?.id === null}
        />
      </section>
      <details className="max-w-3xl">
        <summary className="cursor-pointer font-semibold">{t('synonyms.fromFile', { count: list.file_groups.length })}</summary>
        <p className="my-2 text-sm text-stone-700">{t('synonyms.fromFileHelp')}</p>
        <ul className="list-disc space-y-1 pl-6">
          {list.file_groups.map((group) => (
            <li key={group.join(',')}>{group.join(', ')}</li>
          ))}
        </ul>
      </details>
    </>
  );
}
