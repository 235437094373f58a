-- Tender genders were stored as Russian words; from now on as stable keys, whatever the language
-- of the page (links with the old words are still read: reference.ts tenderGenderOf).
UPDATE "tenders" SET "category" = CASE "category"
  WHEN 'мужской' THEN 'men'
  WHEN 'женский' THEN 'women'
  WHEN 'детский' THEN 'kids'
  WHEN 'унисекс' THEN 'unisex'
END
WHERE "category" IN ('мужской', 'женский', 'детский', 'унисекс');
