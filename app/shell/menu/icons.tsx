import {
  IconBuildingFactory,
  IconChartBar,
  IconClipboardList,
  IconFileAnalytics,
  IconCalendarCheck,
  IconFileImport,
  IconHistory,
  IconHome,
  IconKey,
  IconPackages,
  IconPrinter,
  IconReportMoney,
  IconShoppingCart,
  IconTool,
  IconTruck,
  IconTruckDelivery,
  IconUserCog,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';

/** The server names menu icons; unknown names get a report icon. */
const ICONS: Record<string, Icon> = {
  home: IconHome,
  'chart-bar': IconChartBar,
  users: IconUsers,
  'shopping-cart': IconShoppingCart,
  tool: IconTool,
  packages: IconPackages,
  'truck-delivery': IconTruckDelivery,
  'building-factory': IconBuildingFactory,
  'clipboard-list': IconClipboardList,
  truck: IconTruck,
  'report-money': IconReportMoney,
  'file-analytics': IconFileAnalytics,
  'user-cog': IconUserCog,
  history: IconHistory,
  key: IconKey,
  'calendar-check': IconCalendarCheck,
  'file-import': IconFileImport,
  printer: IconPrinter,
};

export function MenuIcon({ name, size = 16 }: { name: string | null; size?: number }) {
  const Component = (name && ICONS[name]) || IconFileAnalytics;
  return <Component size={size} stroke={1.6} />;
}
