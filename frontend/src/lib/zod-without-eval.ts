import { config } from 'zod';

// Lectern's content security policy forbids eval. Left to itself, zod probes `new Function` while the shared
// schemas are built, and the browser reports a security-policy violation on every page.
config({ jitless: true });
