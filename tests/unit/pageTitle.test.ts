/** @vitest-environment jsdom */
// These tests use the browser's document and window; the other .ts unit tests run without a DOM (faster).
import { describe, expect, it } from 'vitest';
import { mustGetCategory } from '../../src/schemas';
import { pageHeading, pageTitle, withWaiting } from '../../src/resources/pageTitle';
import { formatDate } from '../../src/formatDate';
import { documentTitle, vendorSuffix } from '../../src/documentTitle';

const device = mustGetCategory('device');
const collection = mustGetCategory('documents_collection');

describe('page titles (spec section 2)', () => {
  it('use the plural for lists and "Category | Mode" for forms', () => {
    expect(pageTitle('table', device)).toBe('Devices');
    expect(pageTitle('table', mustGetCategory('devices_group'))).toBe('Groups');
    expect(pageTitle('new', device)).toBe('Device | Add');
    expect(pageTitle('view', device)).toBe('Device | View');
    expect(pageTitle('edit', mustGetCategory('firmware'))).toBe('Firmware | Edit');
    expect(pageTitle('home')).toBe('Home');
  });

  it('headings read Add a new X, View X, Edit X; X is "documents collection" for collections', () => {
    expect(pageHeading('new', device)).toBe('Add a new device');
    expect(pageHeading('view', device)).toBe('View device');
    expect(pageHeading('edit', device)).toBe('Edit device');
    expect(pageHeading('new', mustGetCategory('devices_group'))).toBe('Add a new group');
    expect(pageHeading('view', collection)).toBe('View documents collection');
    expect(pageHeading('edit', collection)).toBe('Edit documents collection');
  });

  it('carry the waiting suffix while loading', () => {
    expect(withWaiting('Devices', true)).toBe('Devices [waiting for server response]');
    expect(withWaiting('Devices', false)).toBe('Devices');
  });
});

describe('formatDate', () => {
  it('formats en-GB', () => {
    expect(formatDate(new Date(2025, 10, 22, 14, 5, 9), { time: false })).toBe('22/11/2025');
    expect(formatDate(new Date(2025, 10, 22, 14, 5, 9).getTime())).toBe('22/11/2025, 14:05:09');
    expect(formatDate(new Date(2024, 0, 3, 4, 5, 6))).toBe('03/01/2024, 04:05:06');
  });

  it('answers an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('document title', () => {
  it('is the product name followed by the vendor suffix of the meta tag', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(documentTitle(doc)).toBe('PUCS');
    const meta = doc.createElement('meta');
    meta.name = 'pucs-vendor-suffix';
    meta.content = ' - ACME';
    doc.head.appendChild(meta);
    expect(vendorSuffix(doc)).toBe(' - ACME');
    expect(documentTitle(doc)).toBe('PUCS - ACME');
  });
});
