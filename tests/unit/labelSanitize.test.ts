// @vitest-environment node
/**
 * The label sanitiser: a custom label is parsed and rebuilt through allow-lists, so whatever a
 * template and the device's values hold, no script, handler, foreignObject or external reference
 * reaches the SVG we send, and no key outside LABEL_KEYS is ever read from the values.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { LABEL_KEYS, type LabelKey } from '../../src/custom/labels';
import { ownMessages } from '../../src/messages';
import { DETAILED_LABEL_TEMPLATE, detailedLabel, labelDocument, labelValues, modelLabel, qrSvg, renderLabel, type LabelValues } from '../../server/labels/render';
import { isSafeHref, sanitizeSvg } from '../../server/labels/sanitize';
import { LabelTemplateError } from '../../server/labels/template';
import { allElements, parseXml, type XmlElement } from './labelSvgTree';

const SVG = 'http://www.w3.org/2000/svg';
const XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"';
const doc = (inner: string) => `<svg xmlns="${SVG}" width="55mm" height="23mm">${inner}</svg>`;
const rebuilt = (inner: string) => sanitizeSvg(doc(inner)).content;

/** What must never survive: checked on the document as a browser's parser would read it. */
function assertInert(root: XmlElement) {
  for (const element of allElements(root)) {
    expect(element.uri).toBe(SVG);
    expect(['script', 'foreignObject', 'style', 'iframe', 'set', 'animate', 'a']).not.toContain(element.local);
    for (const { local, value } of element.attributes) {
      expect(local.toLowerCase().startsWith('on'), local).toBe(false);
      expect(local).not.toBe('style');
      if (local === 'href' || local === 'src') expect(isSafeHref(value), value).toBe(true);
      expect(value.toLowerCase().replace(/url\(\s*['"]?#/g, '')).not.toContain('url(');
      expect(value).not.toContain('\\');
    }
  }
}

describe('sanitizeSvg', () => {
  it('keeps SVG shapes and text with their presentation attributes, rebuilt without prefixes or comments', () => {
    expect(rebuilt('<rect x="1" width="2" fill="#000"/><!-- c --><text font-size="3">a &amp; b<![CDATA[ <c> ]]></text>')).toBe(
      '<rect x="1" width="2" fill="#000"></rect><text font-size="3">a &amp; b &lt;c&gt; </text>',
    );
    expect(sanitizeSvg(`<?xml version="1.0"?><s:svg xmlns:s="${SVG}" viewBox="0 0 1 1"><s:g/></s:svg>`)).toEqual({ root: [['viewBox', '0 0 1 1']], content: '<g></g>' });
  });

  it('drops scripts, handlers, foreignObject, style, links and animations, with what they hold', () => {
    const hostile =
      '<script>alert(1)</script><rect onload="alert(1)" ONclick="x" style="fill:red" width="1"/><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>' +
      '<style>@import url(http://x)</style><a href="javascript:alert(1)"><text>in a link</text></a><set attributeName="href" to="javascript:alert(1)"/>' +
      `<x:script xmlns:x="${SVG}">alert(2)</x:script><h:p xmlns:h="http://www.w3.org/1999/xhtml">p</h:p><g><unknown>u</unknown></g>`;
    expect(rebuilt(hostile)).toBe('<rect width="1"></rect><g></g>');
  });

  it("keeps href and xlink:href only for '#id' and base64 PNG, JPEG, GIF or WebP data", () => {
    const kept = rebuilt(
      `<use href="#a"/><use xlink:href="#b" ${XLINK}/><image href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/webp;base64,UklGRg=="/>`,
    );
    expect(kept).toBe('<use href="#a"></use><use xlink:href="#b"></use><image href="data:image/png;base64,iVBORw0KGgo="></image><image href="data:image/webp;base64,UklGRg=="></image>');
    const dropped = rebuilt(
      `<use href="http://x#a"/><image xlink:href="https://evil.example/x.png" ${XLINK}/><image href="data:image/svg+xml;base64,PHN2Zz4="/>` +
        '<image href="data:image/png,raw"/><image href="javascript:alert(1)"/><image src="http://x"/><image href="//evil.example/x"/>',
    );
    expect(dropped).toBe('<use></use><image></image><image></image><image></image><image></image><image></image><image></image>');
  });

  it('drops values with an external url(...) or a backslash (a CSS escape could spell one)', () => {
    expect(rebuilt('<rect fill="url(#g)" stroke="url( \'#h\')"/>')).toBe('<rect fill="url(#g)" stroke="url( &apos;#h&apos;)"></rect>');
    expect(rebuilt('<rect fill="url(http://x#a)" stroke="URL (//x)" mask="\\75rl(http://x)" clip-path="u\\rl(x)"/>')).toBe('<rect></rect>');
  });

  it('refuses a DOCTYPE, an undefined entity, a processing instruction, another root, or not one document', () => {
    expect(() => sanitizeSvg(`<!DOCTYPE svg [<!ENTITY e "x">]>${doc('&e;')}`)).toThrow(ownMessages.labelDoctype);
    expect(() => sanitizeSvg(doc('&e;'))).toThrow(LabelTemplateError);
    expect(() => sanitizeSvg(doc('<?php echo 1 ?>'))).toThrow(ownMessages.labelProcessingInstruction('php'));
    expect(() => sanitizeSvg(`<svg xmlns="http://www.w3.org/1999/xhtml"/>`)).toThrow(ownMessages.labelRootNotSvg('svg', 'http://www.w3.org/1999/xhtml'));
    for (const broken of ['', 'text', doc('') + doc(''), '<svg xmlns="http://www.w3.org/2000/svg">', doc('<x:y/>')]) {
      expect(() => sanitizeSvg(broken), broken).toThrow(LabelTemplateError);
    }
  });
});

const FRAGMENTS = [
  '<rect width="1" height="1"/>', '<g>', '</g>', '<text>', '</text>', 'plain text ', '&amp;', '&lt;', '&foo;', '&#60;script&#62;',
  '<script>alert(1)</script>', '<rect onload="alert(1)"/>', '<g onclick="$name">', '<rect ONLOAD="x"/>', '<rect style="fill:url(http://x)"/>',
  '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><script>1</script></div></foreignObject>', '<a href="javascript:alert(1)"><text>x</text></a>',
  `<image xlink:href="http://evil/x.png" ${XLINK}/>`, '<use href="http://x#a"/>', '<use href="#a"/>', '<use href="$qr_url"/>', '<image href="${name}"/>',
  '<image href="data:image/svg+xml;base64,PHN2Zz4="/>', '<image href="data:image/png;base64,iVBORw0KGgo="/>', `<use xlink:href="data:image/svg+xml,x" ${XLINK}/>`,
  '<![CDATA[<script>alert(1)</script>]]>', '<!-- <script>alert(1)</script> -->', `<x:script xmlns:x="${SVG}">alert(1)</x:script>`,
  `<svg:foreignObject xmlns:svg="${SVG}"/>`, '<rect fill="url(http://x#a)"/>', '<rect fill="url(#a)"/>', '<rect fill="\\75rl(http://x)"/>',
  '<style>@import url(http://x)</style>', '<set attributeName="href" to="javascript:alert(1)"/>', '<animate attributeName="onload" values="alert(1)"/>',
  '<?xml-stylesheet href="x"?>', '<!DOCTYPE x>', '<!ENTITY e "x">', '<iframe src="http://x"/>', '<image src="http://x"/>', '<rect width="$name" id="${uid_for_type}"/>',
  '<text>$name</text>', '<rect id="$name" class="${type_name}"/>', '<svg x="1" width="2">$qr_svg</svg>', '$qr_svg', '$$', '$', '${', '$constructor', '${__proto__}', '"', "'", '>', ']]>',
];

const TRICKY_VALUES = ['<', '&', '"', "'", ']]>', '$name', '${id}', '$$', '<script>alert(1)</script>', 'javascript:alert(1)', '#a', '" onload="alert(1)', '&amp;', '\u0000', '\uFFFE', '\uD800'];

const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), fc.constantFrom(...TRICKY_VALUES), fc.constantFrom(...FRAGMENTS));
const keyRef = fc.constantFrom(...LABEL_KEYS).chain((k) => fc.constantFrom(`$${k}`, `\${${k}}`));
const template = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS) }, { weight: 2, arbitrary: keyRef }, fc.string({ maxLength: 4 })), { maxLength: 14 })
  // Mostly inside an <svg> root, so that most cases reach the rebuild rather than a refusal.
  .chain((parts) => fc.oneof({ weight: 4, arbitrary: fc.constant(doc(parts.join(''))) }, fc.constant(`<s:svg xmlns:s="${SVG}">${parts.join('')}</s:svg>`), fc.constant(parts.join(''))));
const valueRecord = fc.record(Object.fromEntries(LABEL_KEYS.map((k) => [k, value])) as Record<LabelKey, fc.Arbitrary<string>>);

/** A parsed document without its namespace declarations, to compare two documents as readers see them. */
const tree = (svg: string) =>
  JSON.stringify(parseXml(svg), (key, v: unknown) => (key === 'attributes' ? (v as XmlElement['attributes']).filter((a) => a.uri !== 'http://www.w3.org/2000/xmlns/') : v));

/** The values behind a spy: every key asked of them, however asked. */
function spied(values: LabelValues, asked: Set<PropertyKey>): LabelValues {
  const note = (key: PropertyKey) => asked.add(key);
  return new Proxy(values, {
    get: (target, key, receiver) => (note(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (note(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (note(key), Reflect.getOwnPropertyDescriptor(target, key)),
    ownKeys: (target) => (note('[ownKeys]'), Reflect.ownKeys(target)),
  });
}

/*
 * A property's cost is its number of runs times the size of its cases, both fixed here (maxLength
 * above): the runs are the fewest that still catch each defect these properties guard, checked by
 * breaking the sanitiser one way at a time (an element or attribute let through, an href or url(...)
 * or backslash kept, text, attribute or value not escaped, an unknown key read, controls kept): the
 * slowest to show failed within about 500 runs of 1000 over 40 seeds, most within 70. Their budget
 * is 60 s, not vitest's 5 s: alone they take about 1 s and 0.35 s on a 2-core machine at a load
 * average of 12, so 60 s is a margin of 50 for a busier machine, and still a stop for one that never ends.
 */
const PROPERTY_BUDGET_MS = 60_000;

describe('any template with any values (property)', () => {
  let QR = '';
  beforeAll(async () => {
    QR = await qrSvg('https://pucs.example/qr?id=abc');
  });

  it('either is refused with a Description, or becomes an inert SVG document; no key outside LABEL_KEYS is read', () => {
    let rendered = 0;
    fc.assert(
      fc.property(template, valueRecord, (text, record) => {
        const asked = new Set<PropertyKey>();
        let label;
        try {
          label = renderLabel(text, spied(labelValues(record), asked));
        } catch (err) {
          expect(err).toBeInstanceOf(LabelTemplateError);
          expect((err as Error).message).not.toBe('');
          return;
        } finally {
          expect([...asked].filter((key) => !(LABEL_KEYS as readonly PropertyKey[]).includes(key))).toEqual([]);
        }
        rendered++;
        const root = parseXml(labelDocument(label, 0, 0));
        expect([root.uri, root.local]).toEqual([SVG, 'svg']);
        assertInert(root);
      }),
      { numRuns: 1000 },
    );
    // Not a test of refusals only: a good share of the cases must become a label (about 40%).
    expect(rendered).toBeGreaterThan(250);
  }, PROPERTY_BUDGET_MS);

  it('the built-in labels are made whatever the device holds (controls and lone surrogates are left out), its texts intact otherwise', () => {
    fc.assert(
      fc.property(valueRecord, fc.constantFrom(detailedLabel, modelLabel), (record, builtIn) => {
        const values = labelValues({ ...record, qr_svg: QR });
        const label = builtIn(values);
        // Sanitised once ahead, it reads as the same document as the template sanitised after substitution.
        if (builtIn === detailedLabel) expect(tree(labelDocument(label, 0, 0))).toBe(tree(labelDocument(renderLabel(DETAILED_LABEL_TEMPLATE, values), 0, 0)));
        const root = parseXml(labelDocument(label, 0, 0));
        assertInert(root);
        const shown = allElements(root).filter((e) => e.local === 'text').map((e) => e.text).join('\n');
        // XML reads every line break as '\n'.
        expect(shown).toContain(labelValues(record).type_name.replace(/\r\n?/g, '\n'));
      }),
      { numRuns: 100 },
    );
  }, PROPERTY_BUDGET_MS);
});
