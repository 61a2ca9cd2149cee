// Setup file of every test file (test/vitest.config.ts): drops the tables the file made once it ends. Registered
// before the file's own hooks, it runs after them (vitest runs after-hooks in reverse order), once the file's
// servers and pollers have stopped.
import { afterAll } from 'vitest';
import { dropMadeTables } from './made-tables.ts';

afterAll(dropMadeTables);
