/**
 * The demo product catalogue: invented brands in the categories a consumer-goods company sells
 * through distributors, priced in US dollars and converted to each market's currency magnitudes.
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
  /** Usual order quantity range. */
  qty: readonly [number, number];
}

type Line = [brand: string, category: string, variant: string, pack: string, usd: number, weight: number];

// prettier-ignore
const LINES: Line[] = [
  ['Silkara', 'Hair Care', 'Black Shine Shampoo', '6ml x 12 sachets', 0.5, 9],
  ['Silkara', 'Hair Care', 'Black Shine Shampoo', '170ml', 2.2, 6],
  ['Silkara', 'Hair Care', 'Smooth & Manageable Shampoo', '340ml', 3.9, 4],
  ['Silkara', 'Hair Care', 'Anti-Dandruff Shampoo', '640ml', 6.5, 2],
  ['Silkara', 'Hair Care', 'Conditioner', '320ml', 3.6, 2],
  ['Clearo', 'Hair Care', 'Men Cool Sport Shampoo', '170ml', 2.6, 4],
  ['Clearo', 'Hair Care', 'Men Cool Sport Shampoo', '340ml', 4.4, 2],
  ['Tressa', 'Hair Care', 'Keratin Smooth Conditioner', '320ml', 4.2, 2],
  ['Lifeguard', 'Skin Cleansing', 'Total 10 Soap Bar', '85g', 0.45, 9],
  ['Lifeguard', 'Skin Cleansing', 'Total 10 Soap Bar', '110g', 0.6, 7],
  ['Lifeguard', 'Skin Cleansing', 'Body Wash Mild Care', '500ml', 3.2, 3],
  ['Lifeguard', 'Skin Cleansing', 'Hand Wash Refill', '180ml', 1.2, 4],
  ['Velura', 'Skin Cleansing', 'Beauty Bar Cream', '100g', 0.8, 5],
  ['Velura', 'Skin Cleansing', 'Body Wash Deeply Nourishing', '400ml', 4.0, 2],
  ['Brightwash', 'Laundry', 'Detergent Powder', '400g', 1.1, 8],
  ['Brightwash', 'Laundry', 'Detergent Powder', '800g', 2.0, 6],
  ['Brightwash', 'Laundry', 'Detergent Powder', '2.7kg', 6.0, 3],
  ['Brightwash', 'Laundry', 'Matic Liquid Front Load', '2.8kg', 8.0, 2],
  ['Surfo', 'Laundry', 'Detergent Powder Lemon', '350g', 0.8, 7],
  ['Comfy', 'Laundry', 'Fabric Conditioner', '20ml x 10 sachets', 0.8, 7],
  ['Comfy', 'Laundry', 'Fabric Conditioner Blue', '800ml', 2.5, 4],
  ['Comfy', 'Laundry', 'Fabric Conditioner Blue', '1.6L', 4.6, 2],
  ['Sunbright', 'Household Care', 'Dishwash Liquid Lime', '400ml', 0.9, 7],
  ['Sunbright', 'Household Care', 'Dishwash Liquid Lime', '750ml', 1.5, 5],
  ['Sunbright', 'Household Care', 'Dishwash Refill', '1.5kg', 2.6, 3],
  ['Cleanix', 'Household Care', 'Toilet Cleaner', '500ml', 1.8, 3],
  ['Vimso', 'Household Care', 'Cream Cleaner', '500ml', 1.6, 2],
  ['Dentamax', 'Oral Care', 'Toothpaste Cavity Fighter', '75g', 0.9, 8],
  ['Dentamax', 'Oral Care', 'Toothpaste Cavity Fighter', '150g', 1.6, 6],
  ['Dentamax', 'Oral Care', 'Toothpaste Herbal', '225g', 2.2, 3],
  ['Dentamax', 'Oral Care', 'Toothbrush Soft', '1 pc', 0.7, 4],
  ['Closewhite', 'Oral Care', 'Gel Toothpaste Menthol', '100g', 1.5, 3],
  ['Rexa', 'Deodorant', 'Roll-On Invisible', '45ml', 2.3, 2],
  ['Axon', 'Deodorant', 'Body Spray Dark', '150ml', 3.5, 2],
  ['Pondra', 'Skin Care', 'Bright Face Wash', '100g', 2.4, 3],
  ['Glowa', 'Skin Care', 'Bright Day Cream', '50g', 3.5, 2],
  ['Vaselia', 'Skin Care', 'Healthy White Lotion', '200ml', 3.0, 3],
  ['Savoro', 'Foods', 'Chicken Seasoning', '400g', 1.6, 4],
  ['Savoro', 'Foods', 'Bouillon Cube', '10g x 24', 1.2, 5],
  ['Liptea', 'Foods', 'Yellow Label Tea', '25 bags', 1.4, 4],
  ['Liptea', 'Foods', 'Yellow Label Tea', '100 bags', 4.2, 2],
  ['Bangsa', 'Foods', 'Sweet Soy Sauce', '220ml', 1.0, 4],
  ['Polaris', 'Ice Cream', 'Cone Chocolate', '110ml', 0.6, 9],
  ['Polaris', 'Ice Cream', 'Cone Vanilla', '110ml', 0.6, 7],
  ['Polaris', 'Ice Cream', 'Tub Cookies & Cream', '700ml', 3.2, 3],
  ['Polaris', 'Ice Cream', 'Tub Neapolitan', '1.5L', 5.5, 2],
  ['Frostee', 'Ice Cream', 'Stick Mango', '60ml', 0.3, 9],
  ['Frostee', 'Ice Cream', 'Cup Strawberry', '100ml', 0.5, 6],
  ['Magnora', 'Ice Cream', 'Stick Classic', '80ml', 1.2, 5],
  ['Magnora', 'Ice Cream', 'Stick Almond', '80ml', 1.2, 4],
  ['Paddlo', 'Ice Cream', 'Stick Rainbow', '50ml', 0.25, 8],
  ['Paddlo', 'Ice Cream', 'Choco Magma', '55ml', 0.3, 6],
];

function qtyRange(usd: number, iceCream: boolean): readonly [number, number] {
  if (iceCream) return usd < 1 ? [12, 48] : [4, 16];
  if (usd < 1) return [6, 36];
  if (usd < 3) return [2, 12];
  return [1, 6];
}

export const CATALOGUE: readonly CatalogueItem[] = LINES.map(
  ([brand, category, variant, pack, usd, weight], i) => ({
    // Digits only, like the company's SKU ids; 999983 is prime, so the codes never collide.
    itemCode: String(68_000_000 + (((i + 1) * 7919) % 999_983)),
    name: `${brand} ${variant} ${pack}`,
    brand,
    category,
    packSize: pack,
    bsa: category === 'Ice Cream' ? 'Ice Cream' : 'Distributor',
    usd,
    weight,
    qty: qtyRange(usd, category === 'Ice Cream'),
  }),
);

export interface MarketProduct {
  item: CatalogueItem;
  /** Local price in cents of the local currency. */
  priceCents: number;
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
