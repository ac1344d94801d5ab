/** Label tests read an answer as a client would: strictly parsed XML, as a tree of elements with their namespaces. */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  uri: string;
  local: string;
  attributes: { uri: string; local: string; value: string }[];
  children: XmlElement[];
  text: string;
}

/** Throws on anything that is not one well-formed XML document. */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  parser.on('opentag', (tag) => {
    const element: XmlElement = {
      uri: tag.uri,
      local: tag.local,
      attributes: Object.values(tag.attributes).map(({ uri, local, value }) => ({ uri, local, value })),
      children: [],
      text: '',
    };
    if (stack.length) stack[stack.length - 1].children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => stack.pop());
  const onText = (text: string) => stack.forEach((element) => (element.text += text));
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.write(text).close();
  if (!root) throw new Error('no root element');
  return root;
}

/** The element and every element inside it. */
export const allElements = (element: XmlElement): XmlElement[] => [element, ...element.children.flatMap(allElements)];

export const attribute = (element: XmlElement, local: string) => element.attributes.find((a) => a.local === local && a.uri === '')?.value;

/** The texts of the <text> elements, in document order. */
export const texts = (element: XmlElement) => allElements(element).filter((e) => e.local === 'text').map((e) => e.text);
