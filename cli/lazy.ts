import type { Command } from 'commander';
import type { Runtime } from './runtime.js';

export type VerbRegistrar = (group: Command, rt: Runtime) => void;

/** A verb of a noun: the command names its module registers, and how to import it. */
export interface Verb {
  names: string[];
  load(): Promise<VerbRegistrar>;
}

/**
 * Registers the verb the command line names, or every verb (in order) when it names none or one
 * that does not exist, so the noun's help and "did you mean" see them all.
 */
export async function registerVerbs(group: Command, rt: Runtime, verbs: Verb[], word: string | undefined): Promise<void> {
  const named = word === undefined ? undefined : verbs.find((v) => v.names.includes(word));
  const registrars = await Promise.all((named ? [named] : verbs).map((v) => v.load()));
  for (const register of registrars) register(group, rt);
}
