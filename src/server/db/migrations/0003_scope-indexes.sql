DROP INDEX "commissioni_data_idx";--> statement-breakpoint
DROP INDEX "commissioni_stato_idx";--> statement-breakpoint
DROP INDEX "leads_data_idx";--> statement-breakpoint
DROP INDEX "leads_stato_contatto_idx";--> statement-breakpoint
DROP INDEX "pratiche_punto_data_idx";--> statement-breakpoint
DROP INDEX "pratiche_data_idx";--> statement-breakpoint
CREATE INDEX "commissioni_punto_idx" ON "commissioni" USING btree ("punto_fisico_id");--> statement-breakpoint
CREATE INDEX "commissioni_data_id_idx" ON "commissioni" USING btree ("data_completamento","id");--> statement-breakpoint
CREATE INDEX "commissioni_stato_data_id_idx" ON "commissioni" USING btree ("stato_pagamento","data_completamento","id");--> statement-breakpoint
CREATE INDEX "commissioni_amministrazione_idx" ON "commissioni" USING btree ("data_completamento","id") WHERE importo_amministrazione <> 0;--> statement-breakpoint
CREATE INDEX "commissioni_pf_elenco_idx" ON "commissioni" USING btree ("payee_punto_fisico_id","data_completamento","id") WHERE importo_punto_fisico <> 0;--> statement-breakpoint
CREATE INDEX "commissioni_ag_elenco_idx" ON "commissioni" USING btree ("payee_agente_id","data_completamento","id") WHERE importo_agente <> 0;--> statement-breakpoint
CREATE INDEX "commissioni_am_elenco_idx" ON "commissioni" USING btree ("payee_area_manager_id","data_completamento","id") WHERE importo_area_manager <> 0;--> statement-breakpoint
CREATE INDEX "leads_data_id_idx" ON "leads" USING btree ("data_registrazione","id");--> statement-breakpoint
CREATE INDEX "leads_stato_contatto_data_id_idx" ON "leads" USING btree ("stato_contatto","data_registrazione","id");--> statement-breakpoint
CREATE INDEX "pratiche_punto_data_id_idx" ON "pratiche" USING btree ("punto_fisico_id","data_creazione","id");--> statement-breakpoint
CREATE INDEX "pratiche_data_id_idx" ON "pratiche" USING btree ("data_creazione","id");