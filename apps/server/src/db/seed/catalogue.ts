/**
 * The demo product catalogue: invented brands in the categories a consumer-goods company sells
 * through distributors, priced per piece in US dollars and converted to each market's currency.
 * Outlets order whole cases (cartons) of a product, or a few loose pieces when they are small.
 */
import type { CountryCode } from '@fieldforce/contracts';
import { MARKETS } from './markets.js';
import type { Rng } from './prng.js';

export interface CatalogueItem {
  itemCode: string;
  name: string;
  brand: string;
  category: string;
  packSize: string;
  bsa: 'Distributor' | 'Ice Cream';
  usd: number;
  /** Relative popularity on an order. */
  weight: number;
  /** Pieces in a case (carton), the unit outlets usually order in. */
  caseUnits: number;
}

type Line = [
  brand: string,
  category: string,
  variant: string,
  pack: string,
  usd: number,
  weight: number,
  caseUnits: number,
];

// prettier-ignore
const LINES: Line[] = [
  ['Silkara', 'Hair Care', 'Black Shine Shampoo', '6ml x 12 sachets', 0.5, 9, 48],
  ['Silkara', 'Hair Care', 'Black Shine Shampoo', '170ml', 2.2, 6, 24],
  ['Silkara', 'Hair Care', 'Smooth & Manageable Shampoo', '340ml', 3.9, 4, 12],
  ['Silkara', 'Hair Care', 'Anti-Dandruff Shampoo', '640ml', 6.5, 2, 8],
  ['Silkara', 'Hair Care', 'Conditioner', '320ml', 3.6, 2, 12],
  ['Clearo', 'Hair Care', 'Men Cool Sport Shampoo', '170ml', 2.6, 4, 24],
  ['Clearo', 'Hair Care', 'Men Cool Sport Shampoo', '340ml', 4.4, 2, 12],
  ['Tressa', 'Hair Care', 'Keratin Smooth Conditioner', '320ml', 4.2, 2, 12],
  ['Lifeguard', 'Skin Cleansing', 'Total 10 Soap Bar', '85g', 0.45, 9, 72],
  ['Lifeguard', 'Skin Cleansing', 'Total 10 Soap Bar', '110g', 0.6, 7, 72],
  ['Lifeguard', 'Skin Cleansing', 'Body Wash Mild Care', '500ml', 3.2, 3, 12],
  ['Lifeguard', 'Skin Cleansing', 'Hand Wash Refill', '180ml', 1.2, 4, 24],
  ['Velura', 'Skin Cleansing', 'Beauty Bar Cream', '100g', 0.8, 5, 72],
  ['Velura', 'Skin Cleansing', 'Body Wash Deeply Nourishing', '400ml', 4.0, 2, 12],
  ['Brightwash', 'Laundry', 'Detergent Powder', '400g', 1.1, 8, 24],
  ['Brightwash', 'Laundry', 'Detergent Powder', '800g', 2.0, 6, 12],
  ['Brightwash', 'Laundry', 'Detergent Powder', '2.7kg', 6.0, 3, 4],
  ['Brightwash', 'Laundry', 'Matic Liquid Front Load', '2.8kg', 8.0, 2, 4],
  ['Surfo', 'Laundry', 'Detergent Powder Lemon', '350g', 0.8, 7, 36],
  ['Comfy', 'Laundry', 'Fabric Conditioner', '20ml x 10 sachets', 0.8, 7, 24],
  ['Comfy', 'Laundry', 'Fabric Conditioner Blue', '800ml', 2.5, 4, 12],
  ['Comfy', 'Laundry', 'Fabric Conditioner Blue', '1.6L', 4.6, 2, 6],
  ['Sunbright', 'Household Care', 'Dishwash Liquid Lime', '400ml', 0.9, 7, 24],
  ['Sunbright', 'Household Care', 'Dishwash Liquid Lime', '750ml', 1.5, 5, 12],
  ['Sunbright', 'Household Care', 'Dishwash Refill', '1.5kg', 2.6, 3, 8],
  ['Cleanix', 'Household Care', 'Toilet Cleaner', '500ml', 1.8, 3, 12],
  ['Vimso', 'Household Care', 'Cream Cleaner', '500ml', 1.6, 2, 12],
  ['Dentamax', 'Oral Care', 'Toothpaste Cavity Fighter', '75g', 0.9, 8, 72],
  ['Dentamax', 'Oral Care', 'Toothpaste Cavity Fighter', '150g', 1.6, 6, 36],
  ['Dentamax', 'Oral Care', 'Toothpaste Herbal', '225g', 2.2, 3, 24],
  ['Dentamax', 'Oral Care', 'Toothbrush Soft', '1 pc', 0.7, 4, 72],
  ['Closewhite', 'Oral Care', 'Gel Toothpaste Menthol', '100g', 1.5, 3, 36],
  ['Rexa', 'Deodorant', 'Roll-On Invisible', '45ml', 2.3, 2, 24],
  ['Axon', 'Deodorant', 'Body Spray Dark', '150ml', 3.5, 2, 12],
  ['Pondra', 'Skin Care', 'Bright Face Wash', '100g', 2.4, 3, 24],
  ['Glowa', 'Skin Care', 'Bright Day Cream', '50g', 3.5, 2, 24],
  ['Vaselia', 'Skin Care', 'Healthy White Lotion', '200ml', 3.0, 3, 24],
  ['Savoro', 'Foods', 'Chicken Seasoning', '400g', 1.6, 4, 12],
  ['Savoro', 'Foods', 'Bouillon Cube', '10g x 24', 1.2, 5, 24],
  ['Liptea', 'Foods', 'Yellow Label Tea', '25 bags', 1.4, 4, 48],
  ['Liptea', 'Foods', 'Yellow Label Tea', '100 bags', 4.2, 2, 12],
  ['Bangsa', 'Foods', 'Sweet Soy Sauce', '220ml', 1.0, 4, 24],
  ['Polaris', 'Ice Cream', 'Cone Chocolate', '110ml', 0.6, 9, 24],
  ['Polaris', 'Ice Cream', 'Cone Vanilla', '110ml', 0.6, 7, 24],
  ['Polaris', 'Ice Cream', 'Tub Cookies & Cream', '700ml', 3.2, 3, 8],
  ['Polaris', 'Ice Cream', 'Tub Neapolitan', '1.5L', 5.5, 2, 4],
  ['Frostee', 'Ice Cream', 'Stick Mango', '60ml', 0.3, 9, 40],
  ['Frostee', 'Ice Cream', 'Cup Strawberry', '100ml', 0.5, 6, 24],
  ['Magnora', 'Ice Cream', 'Stick Classic', '80ml', 1.2, 5, 24],
  ['Magnora', 'Ice Cream', 'Stick Almond', '80ml', 1.2, 4, 24],
  ['Paddlo', 'Ice Cream', 'Stick Rainbow', '50ml', 0.25, 8, 40],
  ['Paddlo', 'Ice Cream', 'Choco Magma', '55ml', 0.3, 6, 40],
];

export const CATALOGUE: readonly CatalogueItem[] = LINES.map(
  ([brand, category, variant, pack, usd, weight, caseUnits], i) => ({
    // Digits only, like the company's SKU ids; 999983 is prime, so the codes never collide.
    itemCode: String(68_000_000 + (((i + 1) * 7919) % 999_983)),
    name: `${brand} ${variant} ${pack}`,
    brand,
    category,
    packSize: pack,
    bsa: category === 'Ice Cream' ? 'Ice Cream' : 'Distributor',
    usd,
    weight,
    caseUnits,
  }),
);

export interface MarketProduct {
  item: CatalogueItem;
  /** Local price of one piece in cents of the local currency. */
  priceCents: number;
}

/**
 * A quantity in pieces worth about `valueCents`: whole cases when that is at least one case,
 * otherwise loose pieces in sixes (or singles for big packs), at least one piece.
 */
export function quantityFor(p: MarketProduct, valueCents: number): number {
  const pieces = valueCents / p.priceCents;
  const units = p.item.caseUnits;
  if (pieces >= units) return Math.round(pieces / units) * units;
  const step = units >= 12 ? 6 : 1;
  return Math.max(1, Math.round(pieces / step) * step);
}

/** The products a market sells, with local prices; deterministic per seed and market. */
export function marketProducts(rng: Rng, country: CountryCode): MarketProduct[] {
  const profile = MARKETS[country];
  const result: MarketProduct[] = [];
  for (const item of CATALOGUE) {
    const iceCream = item.bsa === 'Ice Cream';
    if (iceCream ? !profile.sellsIceCream : !profile.sellsHomeAndPersonalCare) continue;
    // Each market carries most, not all, of the range.
    if (!rng.chance(0.88)) continue;
    const local = item.usd * profile.usdRate * rng.range(0.9, 1.15);
    const rounded = Math.max(profile.priceStep, Math.round(local / profile.priceStep) * profile.priceStep);
    result.push({ item, priceCents: Math.round(rounded * 100) });
  }
  return result;
}
