-- Issue 12: phones are stored in E.164 («+79215554433»). New phones are normalised by the server with
-- libphonenumber-js (shared-rules/phone-number.ts); this rewrites the phones stored before, which SQL
-- cannot hand to libphonenumber, by the same digit rule the code falls back on: a leading «+» keeps its
-- digits; eleven digits starting with 8 or 7 are a Russian number (+7 and the last ten); ten digits are a
-- Russian number without its trunk prefix; other lengths get a «+». Only texts the phone rule accepts
-- (optional +, then 10–15 digits among spaces, hyphens and parentheses) are touched; anything else stays
-- as it was and is shown as stored. Running it again changes nothing (E.164 maps to itself).
UPDATE "users" AS u SET "phone" = CASE
    WHEN p.plus THEN '+' || p.digits
    WHEN length(p.digits) = 11 AND p.digits ~ '^[78]' THEN '+7' || substr(p.digits, 2)
    WHEN length(p.digits) = 10 THEN '+7' || p.digits
    ELSE '+' || p.digits
  END
FROM (
  SELECT "id", btrim("phone") ~ '^\+' AS plus, regexp_replace("phone", '[^0-9]', '', 'g') AS digits
  FROM "users"
  WHERE "phone" IS NOT NULL AND btrim("phone") ~ '^\+?[0-9 ()-]+$' AND length(btrim("phone")) <= 40
) AS p
WHERE u."id" = p."id" AND length(p.digits) BETWEEN 10 AND 15;
--> statement-breakpoint
UPDATE "orders" AS o SET "contact_phone" = CASE
    WHEN p.plus THEN '+' || p.digits
    WHEN length(p.digits) = 11 AND p.digits ~ '^[78]' THEN '+7' || substr(p.digits, 2)
    WHEN length(p.digits) = 10 THEN '+7' || p.digits
    ELSE '+' || p.digits
  END
FROM (
  SELECT "id", btrim("contact_phone") ~ '^\+' AS plus,
    regexp_replace("contact_phone", '[^0-9]', '', 'g') AS digits
  FROM "orders"
  WHERE btrim("contact_phone") ~ '^\+?[0-9 ()-]+$' AND length(btrim("contact_phone")) <= 40
) AS p
WHERE o."id" = p."id" AND length(p.digits) BETWEEN 10 AND 15;
