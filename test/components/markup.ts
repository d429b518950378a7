/**
 * A small reader of `renderToStaticMarkup` output, so component tests can find elements by their
 * attributes and read their text without a DOM library (the repo adds none). React's static markup
 * is well-formed: every element is closed, and void elements are written `<input …/>`.
 */
export interface Node {
  tag: string;
  attrs: Record<string, string>;
  children: (Node | string)[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#x27|#39|nbsp);/g, (_, e: string) =>
    ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: '\u00a0' })[e]!,
  );
}

function parseAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)) attrs[m[1]!] = decodeEntities(m[2] ?? '');
  return attrs;
}

/** Parses markup into a root node (tag '#root'). Throws on a close tag that does not match. */
export function parseMarkup(html: string): Node {
  const root: Node = { tag: '#root', attrs: {}, children: [] };
  const stack = [root];
  let at = 0;
  for (const m of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"]|"[^"]*")*?)(\/?)>/g)) {
    const top = stack[stack.length - 1]!;
    if (m.index > at) top.children.push(decodeEntities(html.slice(at, m.index)));
    at = m.index + m[0].length;
    const tag = m[2]!.toLowerCase();
    if (m[1]) {
      if (top.tag !== tag) throw new Error(`</${tag}> closes <${top.tag}>`);
      stack.pop();
      continue;
    }
    const node: Node = { tag, attrs: parseAttrs(m[3]!), children: [] };
    top.children.push(node);
    if (!m[4] && !VOID.has(tag)) stack.push(node);
  }
  if (at < html.length) stack[stack.length - 1]!.children.push(decodeEntities(html.slice(at)));
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.tag}> is not closed`);
  return root;
}

export function textOf(node: Node | string): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

/** Every element under `node` (depth first, document order) whose attributes include all of `attrs`. */
export function findAll(node: Node, attrs: Record<string, string | true> = {}, tag?: string): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    const match =
      (tag === undefined || n.tag === tag) &&
      Object.entries(attrs).every(([k, v]) => (v === true ? k in n.attrs : n.attrs[k] === v));
    if (match && n.tag !== '#root') out.push(n);
    for (const c of n.children) if (typeof c !== 'string') visit(c);
  };
  visit(node);
  return out;
}

/** The one element matching; throws when there are none or several. */
export function findOne(node: Node, attrs: Record<string, string | true>, tag?: string): Node {
  const all = findAll(node, attrs, tag);
  if (all.length !== 1) throw new Error(`expected one element with ${JSON.stringify(attrs)}, found ${all.length}`);
  return all[0]!;
}
