import type { VisitStep } from './frontend/explore-visit.js';

/**
 * What a running exploration writes beside its features: the step each feature is on with its
 * newest screenshot (relative to the exploration's artifacts), and `at`, renewed every few seconds
 * while its worker explores (explore-job.ts).
 */
export interface ExplorationLive {
  at: string;
  steps: Record<string, { index: number; description: string; status: VisitStep['status']; screenshot?: string }>;
}

/** The queue's job kind of an exploration (its ref_id is the exploration's id). */
export const EXPLORE_JOB = 'explore';

export const INTERRUPTED = 'interrupted: the worker exploring it stopped before the exploration ended';
