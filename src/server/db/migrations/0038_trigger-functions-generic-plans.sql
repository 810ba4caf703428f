-- The functions the counter triggers call with arrays (the rows a statement changed) keep one
-- generic plan per connection instead of planning their statements again at every call. With the
-- array's values known, PostgreSQL estimates one row instead of its default hundred, finds the
-- generic plan dearer and never switches: a landing submission planned the same five statements
-- each time, 0.75 ms of its 5.7 ms of SQL at 1,000,000 leads. The arrays come from one request's
-- rows (a point's reassignment at most, measured as fast or faster: 8.5–10.5 s against 12.9–13.6 s
-- for 36,000 leads); the bulk rebuilds write their tables directly and do not call them.
-- See docs/performance.md#piani-delle-funzioni-dei-trigger
ALTER FUNCTION lead_punti_applica(integer[], integer[], integer[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION lead_utenti_applica(text[], integer[], integer[], integer[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION contatori_servizi_applica(servizio_delta[]) SET plan_cache_mode = force_generic_plan;--> statement-breakpoint
ALTER FUNCTION contatori_servizi_ricalcola(servizio_delta[], servizio_delta[]) SET plan_cache_mode = force_generic_plan;
