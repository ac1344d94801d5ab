import { writeFileSync } from 'node:fs';
import { apiDoc } from './apiDoc';

writeFileSync(new URL('../docs/API.md', import.meta.url), apiDoc());
console.log('docs/API.md written');
