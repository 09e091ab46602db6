// Testing Library's waits (findBy…, waitFor) re-check on every DOM change; they give up only at the
// shared ceiling for conditions, never at the library's 1 s default (test/support/eventually.ts).
import { configure } from '@testing-library/react';
import { CONDITION_LIMIT_MS } from '../support/eventually';

configure({ asyncUtilTimeout: CONDITION_LIMIT_MS });
