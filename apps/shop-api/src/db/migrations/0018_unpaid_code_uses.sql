-- Orders cancelled unpaid before their codes' uses were given back on cancelling: give them back now (an order
-- that was ever paid has its confirmation time; its uses stay).
DELETE FROM "cart_rule_uses" u USING "orders" o WHERE o."id" = u."order_id" AND o."status" = 'cancelled' AND o."confirmation_sent_at" IS NULL;
