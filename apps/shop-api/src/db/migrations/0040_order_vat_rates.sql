-- The VAT rates an order was charged at (issue 27, ADR 64): one per tax class among its lines, as the cart computed
-- them when it was placed. The accountant's export shows them, so a rate the merchant changes later does not rewrite a
-- past sale. Orders placed before keep null: the export shows their country's standard rate, as it did. Also in
-- schema.ts. Hand-written, like 0038 and 0039; drizzle-kit generated its snapshot, which also holds 0039's tables
-- and columns (0039's own snapshot did not).
ALTER TABLE orders ADD COLUMN IF NOT EXISTS vat_rates_bp integer[];
