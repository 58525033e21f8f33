-- The language each user chose for the portal and their mail (issue 13). Null: the browser's.
ALTER TABLE "User" ADD COLUMN "locale" TEXT;
