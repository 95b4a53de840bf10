/**
 * Every story of the picker and toolbar blocks renders in zh-CN over the in-memory data source (no
 * server), the way Storybook composes it: meta decorators around the component with meta and story args.
 */
import type { ComponentType, ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';

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
    './Pager/*.story.tsx',
    './LogCard/*.story.tsx',
    './Picker/*.story.tsx',
    './TreePicker/*.story.tsx',
    './CommodityPicker/*.story.tsx',
    './GoodsPicker/*.story.tsx',
    './FavoritesPicker/*.story.tsx',
    './MultiStorePicker/*.story.tsx',
    './PickerInput/*.story.tsx',
    './GoodsSearch/*.story.tsx',
    './Toolbar/*.story.tsx',
    './DetailPanel/*.story.tsx',
    './DatasetOptionSelect/*.story.tsx',
    './DateRuleSelect/*.story.tsx',
    './I18nTextInput/*.story.tsx',
    './AuditDialog/*.story.tsx',
    './AttachmentList/*.story.tsx',
    './ImportDialog/*.story.tsx',
    './DownloadHint/*.story.tsx',
    './LotAllocation/*.story.tsx',
  ],
  { eager: true },
);

const cases = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([name]) => name !== 'default')
    .map(([name, story]) => [`${mod.default.title} / ${name}`, file, mod, story as { args?: Record<string, unknown> }] as const),
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

describe('block stories render without a server', { timeout: 30_000 }, () => {
  it('finds the stories', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  it.each(cases.map(([title, , mod, story]) => [title, mod, story]))('%s', async (_title, mod, story) => {
    renderWithProviders(compose(mod as StoryModule, story as { args?: Record<string, unknown> }));
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(document.body.textContent?.trim().length).toBeGreaterThan(0);
    expect(screen.queryByText(/参数异常/)).toBeNull();
    cleanup();
  });
});
