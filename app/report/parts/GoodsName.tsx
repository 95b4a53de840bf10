/**
 * A goods name in a report row, linked to the goods detail page (rules 24–25), where
 * 打印价签 lives. The link comes from the page through a context: tables outside the app (stories) show
 * the name as text.
 */
import { createContext, useContext, useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../api';
import { goodsDetailPath } from '../../shell/goods-link';

export interface GoodsLinks {
  href(skuNo: string): string;
  open(path: string): void;
}

export const GoodsLinksContext = createContext<GoodsLinks | null>(null);

/** The goods links of the signed-in client, opened in the app's own tabs (rules 24–25); null until the session is known. */
export function useClientGoodsLinks(): GoodsLinks | null {
  const navigate = useNavigate();
  const client = useSession().data?.client;
  return useMemo(() => (client ? { href: (sku) => goodsDetailPath(client, sku), open: (path) => navigate(path) } : null), [client, navigate]);
}

export function GoodsName({ skuNo, text }: { skuNo: string; text: string }) {
  const links = useContext(GoodsLinksContext);
  if (!links) return <>{text}</>;
  const href = links.href(skuNo);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    // a plain click stays in the app (its tabs); a modified click opens the browser's own way
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    links.open(href);
  };
  return (
    <a href={href} onClick={follow} data-testid="goods-link">
      {text}
    </a>
  );
}
