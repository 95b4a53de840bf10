/**
 * Every story of the report page, its parts and its filter inputs renders in zh-CN over the in-memory
 * sources (no server), composed the way Storybook does: meta decorators around the component with args.
 */
import type { ComponentType, ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';

vi.setConfig({ testTimeout: 30_000 });

interface StoryModule {
  default: {
    title: string;
    component: ComponentType<Record<string, unknown>>;
    args?: Record<string, unknown>;
    decorators?: ((Story: ComponentType, ctx: { args: Record<string, unknown> }) => ReactElement)[];
  };
  [name: string]: unknown;
}

const modules = import.meta.glob<StoryModule>(
  [
    './**/*.story.tsx',
    '../blocks/DateRangeInput/*.story.tsx',
    '../blocks/NumberRangeInput/*.story.tsx',
    '../blocks/OptionSelect/*.story.tsx',
    '../blocks/TextFilterInput/*.story.tsx',
  ],
  { eager: true },
);

const cases = Object.values(modules).flatMap((mod) =>
  Object.entries(mod)
    .filter(([name]) => name !== 'default')
    .map(([name, story]) => [`${mod.default.title} / ${name}`, mod, story as { args?: Record<string, unknown> }] as const),
);

function compose(mod: StoryModule, story: { args?: Record<string, unknown> }): ReactElement {
  const args = { ...mod.default.args, ...story.args };
  const Component = mod.default.component;
  let Story: ComponentType = () => <Component {...args} />;
  for (const decorator of mod.default.decorators ?? []) {
    const Inner: ComponentType = Story;
    Story = (): ReactElement => decorator(Inner, { args });
  }
  return <Story />;
}

describe('report stories render without a server', () => {
  it('finds the stories', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases)('%s', async (_title, mod, story) => {
    renderWithProviders(compose(mod, story));
    // something of the story is on screen (no crash, no blank)
    expect(document.body.textContent?.trim().length).toBeGreaterThan(0);
    expect(screen.queryByText(/Error|TypeError/)).toBeNull();
  });
});
