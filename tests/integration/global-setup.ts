import type { TestProject } from 'vitest/node';
import { dropTemplate, prepareTemplate } from './testdb';

/** Seeds (or finds) one template database per run; every test file works on its own copy. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await prepareTemplate();
  project.provide('hmTemplate', template);
  return () => dropTemplate(template);
}
