CREATE TABLE "invii_lotti" (
	"id" serial PRIMARY KEY NOT NULL,
	"fornitore_id" integer NOT NULL,
	"numero" integer NOT NULL,
	"tipo_servizio" text NOT NULL,
	"formato" text NOT NULL,
	"tracciato_versione" integer NOT NULL,
	"file_key" text NOT NULL,
	"righe" integer NOT NULL,
	"reinvio_di_id" integer,
	"creato_da_id" integer,
	"creato_da_nome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invii_lotti_formato_check" CHECK (formato in ('xlsx', 'csv'))
);
--> statement-breakpoint
CREATE TABLE "invii_lotti_servizi" (
	"lotto_id" integer NOT NULL,
	"servizio_id" integer NOT NULL,
	"invio" integer NOT NULL,
	CONSTRAINT "invii_lotti_servizi_lotto_id_servizio_id_pk" PRIMARY KEY("lotto_id","servizio_id")
);
--> statement-breakpoint
CREATE TABLE "tracciati_fornitori" (
	"id" serial PRIMARY KEY NOT NULL,
	"fornitore_id" integer NOT NULL,
	"tipo_servizio" text NOT NULL,
	"versione" integer NOT NULL,
	"colonne" jsonb NOT NULL,
	"salvato_da_id" integer,
	"salvato_da_nome" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invii_lotti" ADD CONSTRAINT "invii_lotti_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invii_lotti" ADD CONSTRAINT "invii_lotti_reinvio_di_id_invii_lotti_id_fk" FOREIGN KEY ("reinvio_di_id") REFERENCES "public"."invii_lotti"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invii_lotti" ADD CONSTRAINT "invii_lotti_creato_da_id_users_id_fk" FOREIGN KEY ("creato_da_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invii_lotti_servizi" ADD CONSTRAINT "invii_lotti_servizi_lotto_id_invii_lotti_id_fk" FOREIGN KEY ("lotto_id") REFERENCES "public"."invii_lotti"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invii_lotti_servizi" ADD CONSTRAINT "invii_lotti_servizi_servizio_id_servizi_id_fk" FOREIGN KEY ("servizio_id") REFERENCES "public"."servizi"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracciati_fornitori" ADD CONSTRAINT "tracciati_fornitori_fornitore_id_fornitori_id_fk" FOREIGN KEY ("fornitore_id") REFERENCES "public"."fornitori"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracciati_fornitori" ADD CONSTRAINT "tracciati_fornitori_salvato_da_id_users_id_fk" FOREIGN KEY ("salvato_da_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invii_lotti_numero_unique" ON "invii_lotti" USING btree ("fornitore_id","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "invii_lotti_file_key_unique" ON "invii_lotti" USING btree ("file_key");--> statement-breakpoint
CREATE INDEX "invii_lotti_reinvio_di_idx" ON "invii_lotti" USING btree ("reinvio_di_id");--> statement-breakpoint
CREATE INDEX "invii_lotti_creato_da_idx" ON "invii_lotti" USING btree ("creato_da_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invii_lotti_servizi_invio_unique" ON "invii_lotti_servizi" USING btree ("servizio_id","invio");--> statement-breakpoint
CREATE UNIQUE INDEX "tracciati_fornitori_versione_unique" ON "tracciati_fornitori" USING btree ("fornitore_id","tipo_servizio","versione");--> statement-breakpoint
CREATE INDEX "tracciati_fornitori_salvato_da_idx" ON "tracciati_fornitori" USING btree ("salvato_da_id");