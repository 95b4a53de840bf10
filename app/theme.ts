/**
 * Look and feel: dense and calm. Compact sizes (inputs and buttons 32 px at `sm`, 28 px at
 * `xs`), 13–14 px text, a light grey page with white cards, a calm blue primary, Chinese-first fonts.
 */
import {
  ActionIcon,
  Alert,
  AppShell,
  Badge,
  Button,
  Card,
  createTheme,
  Input,
  Modal,
  Paper,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';

const hmBlue: MantineColorsTuple = [
  '#e9f1ff',
  '#d2e1fd',
  '#a4c1f7',
  '#729ff2',
  '#4a82ee',
  '#3270ec',
  '#2466eb',
  '#1656d1',
  '#0a4cbc',
  '#0041a6',
];

const FONT_STACK =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans SC", ' +
  '"Source Han Sans SC", "WenQuanYi Micro Hei", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Control heights by size; Mantine's own are 30/36 px, too airy for a data-entry back-office. */
const CONTROL_HEIGHT: Record<string, string> = { xs: '28px', sm: '32px' };

function controlHeight(size: unknown): string | undefined {
  return CONTROL_HEIGHT[typeof size === 'string' ? size : 'sm'];
}

export const theme = createTheme({
  primaryColor: 'hmBlue',
  primaryShade: 6,
  colors: { hmBlue },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '600' },
  fontSizes: { xs: '12px', sm: '13px', md: '14px', lg: '16px', xl: '18px' },
  lineHeights: { xs: '1.4', sm: '1.45', md: '1.5', lg: '1.55', xl: '1.6' },
  spacing: { xs: '8px', sm: '12px', md: '16px', lg: '20px', xl: '28px' },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  components: {
    Input: Input.extend({
      defaultProps: { size: 'sm' },
      vars: (_theme, props) => ({ wrapper: { '--input-height': controlHeight(props.size) } }),
    }),
    Button: Button.extend({
      defaultProps: { size: 'sm' },
      vars: (_theme, props) => ({ root: { '--button-height': controlHeight(props.size) } }),
    }),
    Alert: Alert.extend({ styles: { icon: { marginInlineEnd: 8 } } }),
    // Mantine writes badges in capitals: English results read SEND BACK and YES; words keep their own casing
    Badge: Badge.extend({ styles: { label: { textTransform: 'none' } } }),
    ActionIcon: ActionIcon.extend({ defaultProps: { variant: 'subtle', color: 'gray' } }),
    Card: Card.extend({ defaultProps: { radius: 'md', padding: 'md', withBorder: false } }),
    Paper: Paper.extend({ defaultProps: { radius: 'md' } }),
    Modal: Modal.extend({ defaultProps: { centered: true, size: 'lg' } }),
    AppShell: AppShell.extend({ defaultProps: { padding: 'sm' } }),
  },
});

/** App-wide custom properties: the grey page behind the white cards, and the header tint. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--hm-header-height': '48px', '--hm-navbar-width': '208px' },
  light: { '--hm-page-bg': '#f4f5f7', '--hm-border': '#e6e8eb' },
  dark: { '--hm-page-bg': 'var(--mantine-color-dark-8)', '--hm-border': 'var(--mantine-color-dark-4)' },
});
