-- Shipping zones as rows of their own (issue 27, ADR 48 amended): a zone is a group of countries sharing carrier
-- rates, named in the shop's languages, which the merchant creates and renames in the back office. Before, a zone
-- was only a key that countries and rates repeated, named by the back office's texts; countries and carrier rates
-- now name an existing zone. Hand-written, like 0038–0040; also in schema.ts.
CREATE TABLE IF NOT EXISTS shipping_zones (
  key varchar(16) PRIMARY KEY,
  names jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
-- A shop that already has countries keeps its zones, the demo's three named as the back office named them. A new
-- shop has none yet: its seed writes them.
INSERT INTO shipping_zones (key, names)
SELECT key, CASE key
    WHEN 'EU' THEN '{"en":"European Union","fr":"Union européenne","it":"Unione europea","es":"Unión Europea","de":"Europäische Union","pl":"Unia Europejska"}'::jsonb
    WHEN 'EUROPE_OTHER' THEN '{"en":"Rest of Europe","fr":"Reste de l’Europe","it":"Resto d’Europa","es":"Resto de Europa","de":"Übriges Europa","pl":"Reszta Europy"}'::jsonb
    WHEN 'WORLD' THEN '{"en":"Rest of the world","fr":"Reste du monde","it":"Resto del mondo","es":"Resto del mundo","de":"Übrige Welt","pl":"Reszta świata"}'::jsonb
    ELSE jsonb_build_object('en', key)
  END
FROM (SELECT group_key AS key FROM countries UNION SELECT group_key FROM carrier_rates) AS keys
ON CONFLICT (key) DO NOTHING;
--> statement-breakpoint
ALTER TABLE countries ADD CONSTRAINT countries_group_key_shipping_zones_key_fk FOREIGN KEY (group_key) REFERENCES shipping_zones (key);
--> statement-breakpoint
ALTER TABLE carrier_rates ADD CONSTRAINT carrier_rates_group_key_shipping_zones_key_fk FOREIGN KEY (group_key) REFERENCES shipping_zones (key);
