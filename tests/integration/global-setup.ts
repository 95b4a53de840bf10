import { prepareTemplate, dropTemplate } from './testdb';

/** Seeds one template database per test run; every test file works on its own copy. */
export async function setup(): Promise<void> {
  await prepareTemplate();
}

export async function teardown(): Promise<void> {
  await dropTemplate();
}
