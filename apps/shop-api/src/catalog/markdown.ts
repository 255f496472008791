import type { ContentBlock, ContentInline } from '@shop/contract';
import { Lexer, type Token, type Tokens } from 'marked';

/**
 * A page's Markdown as the storefront shows it: headings, paragraphs and lists of plain-text runs (bold, italic,
 * links). marked only reads the Markdown here (its lexer); nothing is rendered to HTML, so raw HTML in a page is
 * dropped rather than passed on, and a link keeps its address only when it is a shop path or an http(s) or mailto
 * one (no `javascript:`). docs/adr/0048-shipping-and-pages-editor.md.
 */

const SAFE_HREF = /^(?:https?:\/\/|mailto:|\/(?!\/))/i;

function inline(tokens: Token[] | undefined, marks: Pick<ContentInline, 'strong' | 'em' | 'href'> = {}): ContentInline[] {
  return (tokens ?? []).flatMap((token): ContentInline[] => {
    switch (token.type) {
      case 'strong':
        return inline((token as Tokens.Strong).tokens, { ...marks, strong: true });
      case 'em':
        return inline((token as Tokens.Em).tokens, { ...marks, em: true });
      case 'link': {
        const { href, tokens: inner } = token as Tokens.Link;
        return inline(inner, SAFE_HREF.test(href) ? { ...marks, href } : marks);
      }
      case 'html':
        return [];
      case 'br':
        return [{ text: '\n', ...marks }];
      case 'image':
        return [{ text: (token as Tokens.Image).text, ...marks }];
      case 'text':
        // A list item's text holds its own runs.
        return 'tokens' in token && token.tokens ? inline(token.tokens, marks) : [{ text: (token as Tokens.Text).text, ...marks }];
      default:
        return 'text' in token && typeof token.text === 'string' ? [{ text: token.text, ...marks }] : [];
    }
  });
}

function blocks(tokens: Token[]): ContentBlock[] {
  return tokens.flatMap((token): ContentBlock[] => {
    switch (token.type) {
      case 'heading': {
        // The page's title is its only h1: a Markdown title is a section's heading.
        const { depth, tokens: inner } = token as Tokens.Heading;
        return [{ type: 'heading', level: depth <= 2 ? 2 : 3, inline: inline(inner) }];
      }
      case 'paragraph':
        return [{ type: 'paragraph', inline: inline((token as Tokens.Paragraph).tokens) }];
      case 'list': {
        const { ordered, items } = token as Tokens.List;
        return [{ type: 'list', ordered, items: items.map((item) => inline(item.tokens.flatMap((part) => ('tokens' in part && part.tokens ? part.tokens : [part])))) }];
      }
      case 'blockquote':
        return blocks((token as Tokens.Blockquote).tokens);
      case 'code':
        return [{ type: 'paragraph', inline: [{ text: (token as Tokens.Code).text }] }];
      default:
        // Space, rules, raw HTML and tables: nothing a page shows.
        return [];
    }
  });
}

export function markdownBlocks(markdown: string): ContentBlock[] {
  return blocks(new Lexer().lex(markdown)).filter((block) => block.type === 'list' || block.inline.length > 0);
}
