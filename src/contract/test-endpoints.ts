import { createTest, createTestBatch, deleteTest, getTest, listTests, updateTest } from './tests.js';
import { getTestCode, putTestCode, putTestPlan } from './test-content.js';

/** The test resource's endpoints, listed once for api.ts. */
export const TEST_ENDPOINTS = [listTests, getTest, createTest, createTestBatch, updateTest, deleteTest, getTestCode, putTestCode, putTestPlan];
