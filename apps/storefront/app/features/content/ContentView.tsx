import type { ContentBlock, ContentInline, ContentPage } from '@shop/contract';
import { Link } from 'react-router';

/** A run of a page's text: plain text (React escapes it), bold or italic, a link to a shop path or elsewhere. */
function Run({ run }: { run: ContentInline }) {
  let content: React.ReactNode = run.text;
  if (run.em) content = <em>{content}</em>;
  if (run.strong) content = <strong>{content}</strong>;
  if (!run.href) return content;
  const className = 'underline';
  // The API keeps only shop paths and http(s) or mailto addresses (shop-api catalog/markdown.ts).
  return run.href.startsWith('/') ? (
    <Link to={run.href} className={className}>
      {content}
    </Link>
  ) : (
    <a href={run.href} className={className} rel="noopener noreferrer nofollow">
      {content}
    </a>
  );
}

const Runs = ({ runs }: { runs: ContentInline[] }) => runs.map((run, index) => <Run key={index} run={run} />);

function Block({ block }: { block: ContentBlock }) {
  if (block.type === 'heading') {
    const Heading = block.level === 2 ? 'h2' : 'h3';
    return (
      <Heading className={block.level === 2 ? 'mt-8 text-xl font-semibold' : 'mt-6 text-lg font-semibold'}>
        <Runs runs={block.inline} />
      </Heading>
    );
  }
  if (block.type === 'list') {
    const List = block.ordered ? 'ol' : 'ul';
    return (
      <List className={`mt-4 space-y-1 pl-6 leading-relaxed text-stone-700 ${block.ordered ? 'list-decimal' : 'list-disc'}`}>
        {block.items.map((item, index) => (
          <li key={index}>
            <Runs runs={item} />
          </li>
        ))}
      </List>
    );
  }
  return (
    <p className="mt-4 whitespace-pre-line leading-relaxed text-stone-700">
      <Runs runs={block.inline} />
    </p>
  );
}

/** A content page's blocks, or none for a size chart (routes/size-chart.tsx draws its table). */
export const pageBlocks = (page: ContentPage): ContentBlock[] => (Array.isArray(page.body) ? page.body : []);

/** The plain text of a page's first paragraph: its description for search engines and shares. */
export function pageDescription(page: ContentPage): string | undefined {
  const first = pageBlocks(page).find((block) => block.type === 'paragraph');
  return first?.type === 'paragraph' ? first.inline.map((run) => run.text).join('') : undefined;
}

/** A content page's text (its head tags are the route's, routes/content.tsx). */
export function ContentView({ page }: { page: ContentPage }) {
  return (
    <article className="mx-auto max-w-3xl py-10">
      <h1 className="text-3xl font-semibold">{page.title}</h1>
      {pageBlocks(page).map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </article>
  );
}
