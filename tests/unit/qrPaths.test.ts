/**
 * The QR page's link to the device (src/custom/qrPaths.ts) is spelled apart from the registry the
 * console's routes derive from, for the light entry's sake: this holds the two the same.
 */
import { describe, expect, it } from 'vitest';
import { deviceViewHref } from '../../src/custom/qrPaths';
import { objectHref, viewRoute } from '../../src/resources/consoleRoutes';
import { device } from '../../src/schemas/device';

describe('deviceViewHref', () => {
  it("is the device's view route of the console, with the id", () => {
    expect(deviceViewHref(42)).toBe(objectHref(viewRoute(device), 42));
  });
});
