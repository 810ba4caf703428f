-- The practices' phone search finds their customers in leads_finestre_cifre_idx and takes their
-- practices by pratiche_lead_idx: a practice's search text and phone key are copies of its lead's
-- (0021), so a second index of the same windows (132 MB and 30 s to build at 1,000,000 leads) is
-- not needed. See docs/performance.md#ricerca-per-cifre
DROP INDEX "pratiche_finestre_cifre_idx";
