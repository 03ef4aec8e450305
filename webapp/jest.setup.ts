import '@testing-library/jest-dom';
import { webcrypto } from 'node:crypto';
import { TextEncoder } from 'node:util';

// jsdom lacks Web Crypto's digest; Node's implementation only accepts
// buffers from its own realm, hence Node's TextEncoder as well.
Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
Object.defineProperty(globalThis, 'TextEncoder', { value: TextEncoder, configurable: true });
