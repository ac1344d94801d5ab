/**
 * A custom label after substitution becomes an image that browsers, printers and the public QR
 * page render, so it is parsed (saxes: strict XML, namespaces on) and REBUILT from the parse
 * events through allow-lists: what was checked is exactly what is sent, and nothing the parser
 * saw but we did not understand (prefixes, entities, odd spacing) reaches the output.
 *
 * Refused (LabelTemplateError, answered 400): not well-formed XML, a root other than <svg> in
 * the SVG namespace, a DOCTYPE (so no entity can be declared), an undefined entity, a processing
 * instruction other than the XML declaration.
 * Dropped silently: elements outside ELEMENTS or outside the SVG namespace, with everything inside
 * them (script, foreignObject, style, a, animate...); attributes outside ATTRIBUTES (every on*,
 * style, xmlns declarations: we write our own); href/xlink:href other than '#id' or a base64
 * PNG, JPEG, GIF or WebP data: URL; any value with a url(...) other than url(#id), or a backslash
 * (a CSS escape could spell url( otherwise); comments.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { ownMessages } from '../../src/messages';
import { escapeXml, LabelTemplateError } from './template';

export const SVG_NS = 'http://www.w3.org/2000/svg';
export const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';

const ELEMENTS: ReadonlySet<string> = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path',
  'text', 'tspan', 'textPath', 'image', 'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
]);

const ATTRIBUTES: ReadonlySet<string> = new Set([
  'id', 'class', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'fr', 'width', 'height', 'd', 'points',
  'pathLength', 'viewBox', 'preserveAspectRatio', 'transform', 'version', 'overflow', 'fill', 'fill-opacity', 'fill-rule', 'stroke',
  'stroke-width', 'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit',
  'opacity', 'color', 'visibility', 'display', 'vector-effect', 'paint-order', 'shape-rendering', 'text-rendering', 'image-rendering',
  'font-family', 'font-size', 'font-weight', 'font-style', 'font-variant', 'font-stretch', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'letter-spacing', 'word-spacing', 'text-decoration', 'writing-mode', 'direction',
  'textLength', 'lengthAdjust', 'dx', 'dy', 'rotate', 'startOffset', 'method', 'spacing', 'side', 'clip-path', 'clip-rule',
  'clipPathUnits', 'mask', 'maskUnits', 'maskContentUnits', 'marker-start', 'marker-mid', 'marker-end', 'markerWidth',
  'markerHeight', 'markerUnits', 'refX', 'refY', 'orient', 'offset', 'stop-color', 'stop-opacity', 'gradientUnits',
  'gradientTransform', 'spreadMethod', 'patternUnits', 'patternContentUnits', 'patternTransform',
]);

const RASTER_DATA_URL = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]*$/i;

/** An in-document reference or an embedded raster image: nothing is fetched. */
export const isSafeHref = (value: string) => value.trim().startsWith('#') || RASTER_DATA_URL.test(value.trim());

/** Every url( in a value points into the document: url(#id), url('#id'). */
function onlyLocalUrls(value: string): boolean {
  const lower = value.toLowerCase();
  for (let at = lower.indexOf('url'); at >= 0; at = lower.indexOf('url', at + 3)) {
    const rest = lower.slice(at + 3).trimStart();
    if (rest.startsWith('(') && !/^\(\s*['"]?#/.test(rest)) return false;
  }
  return true;
}

/** The attributes kept from a tag, as name="value" pairs ready for output (xlink:href keeps its prefix). */
function keptAttributes(tag: SaxesTagNS): [string, string][] {
  const kept: [string, string][] = [];
  for (const attribute of Object.values(tag.attributes)) {
    const { uri, local, value } = attribute;
    if (value.includes('\\') || !onlyLocalUrls(value)) continue;
    if (local === 'href' && (uri === '' || uri === XLINK_NS)) {
      if (isSafeHref(value)) kept.push([uri === XLINK_NS ? 'xlink:href' : 'href', value]);
    } else if (uri === XML_NS && local === 'space') {
      kept.push(['xml:space', value]);
    } else if (uri === '' && ATTRIBUTES.has(local)) {
      kept.push([local, value]);
    }
  }
  return kept;
}

export const attributesText = (attributes: readonly [string, string][]) =>
  attributes.map(([name, value]) => ` ${name}="${escapeXml(value)}"`).join('');

/** The sanitised document: the root <svg>'s kept attributes, and its content rebuilt. */
export interface SafeSvg {
  root: [string, string][];
  content: string;
}

/** Deepest nesting of elements a label may have: far beyond any drawing, and the parser's work per tag grows with it. */
export const MAX_LABEL_DEPTH = 256;

/** Parses `text` as one SVG document and rebuilds it through the allow-lists; throws LabelTemplateError when refused. */
export function sanitizeSvg(text: string): SafeSvg {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const out: string[] = [];
  let root: [string, string][] | undefined;
  let depth = 0;
  /** Depth at which a dropped element opened; everything until it closes is dropped. */
  let droppedAt = 0;
  const refuse = (message: string): never => {
    throw new LabelTemplateError(message);
  };
  parser.on('doctype', () => refuse(ownMessages.labelDoctype));
  parser.on('processinginstruction', (pi) => refuse(ownMessages.labelProcessingInstruction(pi.target)));
  // Checked as a tag starts, before the parser walks its open elements for namespaces.
  parser.on('opentagstart', () => {
    if (depth >= MAX_LABEL_DEPTH) refuse(ownMessages.labelTooDeep(MAX_LABEL_DEPTH));
  });
  parser.on('opentag', (tag) => {
    depth++;
    if (depth === 1) {
      if (tag.uri !== SVG_NS || tag.local !== 'svg') refuse(ownMessages.labelRootNotSvg(tag.name, tag.uri));
      root = keptAttributes(tag);
      return;
    }
    if (droppedAt) return;
    if (tag.uri !== SVG_NS || !ELEMENTS.has(tag.local)) {
      droppedAt = depth;
      return;
    }
    out.push(`<${tag.local}${attributesText(keptAttributes(tag))}>`);
  });
  parser.on('closetag', (tag) => {
    if (depth > 1 && !droppedAt) out.push(`</${tag.local}>`);
    if (droppedAt === depth) droppedAt = 0;
    depth--;
  });
  const onText = (text: string) => {
    if (depth > 0 && !droppedAt) out.push(escapeXml(text));
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof LabelTemplateError) throw err;
    refuse(ownMessages.labelNotSvg(err instanceof Error ? err.message : String(err)));
  }
  return { root: root ?? refuse(ownMessages.labelNotSvg('no root element')), content: out.join('') };
}
