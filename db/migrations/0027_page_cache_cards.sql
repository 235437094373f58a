-- Issue 31: a factory's new texts (its description, the search words kept with it) drop the
-- directory pages that show its card (`card:<id>`) and the search pages (`factory-texts`), not
-- every directory page: the directory's filters and order do not read them. A change to anything
-- else the directory reads (its name, country, categories, completeness, rating, listing...) names
-- the directory of its country as before; a contact names the factory's page only.
CREATE OR REPLACE FUNCTION fabricum_pages_factories() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- Not shown to visitors anywhere but the factory's own page.
  contacts text[] := ARRAY['updated_at', 'email', 'phone', 'website', 'instagram_url',
                           'whatsapp_number', 'telegram_url', 'address'];
  -- Shown on the factory's card and matched by searches, read by no filter and no order.
  card_texts text[] := ARRAY['description', 'description_en', 'search', 'products_search',
                             'search_all'];
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || r.id, 'directory' || coalesce(':' || r.country, '')])
      FROM new_rows r));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || r.id, 'directory' || coalesce(':' || r.country, '')])
      FROM old_rows r));
  ELSE
    PERFORM fabricum_pages_notify(ARRAY(
      SELECT unnest(ARRAY['factory:' || n.id] || CASE
        WHEN (to_jsonb(n) - contacts) IS NOT DISTINCT FROM (to_jsonb(o) - contacts)
          THEN ARRAY[]::text[]
        WHEN (to_jsonb(n) - contacts - card_texts) IS NOT DISTINCT FROM (to_jsonb(o) - contacts - card_texts)
          THEN ARRAY['card:' || n.id, 'factory-texts']
        ELSE ARRAY['directory' || coalesce(':' || n.country, ''),
                   'directory' || coalesce(':' || o.country, '')]
        END)
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (to_jsonb(n) - 'updated_at') IS DISTINCT FROM (to_jsonb(o) - 'updated_at')));
  END IF;
  RETURN NULL;
END
$$;
