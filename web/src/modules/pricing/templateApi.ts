import type { PriceKind } from '@headoffice/contract';

/** Routes of the price templates of one kind (services: servicepricetemp, products: productpricetemp). */
export function templateApi(kind: PriceKind) {
  const base = kind === 'service' ? '/api-chain/servicepricetemp' : '/api-chain/productpricetemp';
  return {
    base,
    perm: kind === 'service' ? 'pricing.servicetemplate.edit' : 'pricing.producttemplate.edit',
    list: kind === 'service' ? `${base}/listPage` : `${base}/list/listByPage`,
    all: `${base}/list/all`,
    detail: (id: number) => `${base}/${id}`,
    /** Services: newCode creates a template; products create through saveShopPrice without an id. */
    create: kind === 'service' ? `${base}/newCode` : `${base}/saveShopPrice`,
    savePrices: `${base}/saveShopPrice`,
    shops: `${base}/saveShop`,
    unable: `${base}/unableSelectShopList`,
    stop: `${base}/stopPrice`,
    copy: `${base}/copyShopPrice`,
    system: (line: 'mf' | 'mr' | 'product') =>
      line === 'mf' ? `${base}/saveSystemMf` : line === 'mr' ? `${base}/saveSystemMr` : `${base}/saveSystem`,
  };
}
