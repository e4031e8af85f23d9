// Every module but main.js loads without a DOM: nothing runs at import time but declarations, so the
// pure ones can be tested here and the others are wired up by main.js alone.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const web = new URL('../../web/', import.meta.url);
const modules = readdirSync(fileURLToPath(web)).filter((f) => f.endsWith('.js') && f !== 'main.js');

test('web/ is split into modules', () => {
  assert.ok(modules.length >= 6, modules.join(' '));
});

for (const name of modules) {
  test(`${name} imports without a DOM`, async () => {
    assert.equal(typeof globalThis.document, 'undefined');
    const exported = await import(new URL(name, web));
    assert.ok(Object.keys(exported).length > 0, 'it exports something');
  });
}
