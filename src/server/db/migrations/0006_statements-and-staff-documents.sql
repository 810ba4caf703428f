CREATE TABLE "estratti_conto" (
	"id" serial PRIMARY KEY NOT NULL,
	"anno" integer NOT NULL,
	"numero" integer NOT NULL,
	"beneficiario_id" integer,
	"intestatario" jsonb NOT NULL,
	"periodo" text NOT NULL,
	"impronta" text NOT NULL,
	"totali" jsonb NOT NULL,
	"prodotto_da_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estratti_conto_contatori" (
	"anno" integer PRIMARY KEY NOT NULL,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pratiche_eventi" (
	"id" serial PRIMARY KEY NOT NULL,
	"pratica_id" integer NOT NULL,
	"user_id" integer,
	"utente_nome" text,
	"tipo" text NOT NULL,
	"descrizione" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pratiche_eventi_tipo_check" CHECK (tipo in ('documento_aggiunto', 'documento_eliminato'))
);
--> statement-breakpoint
ALTER TABLE "documenti" ADD COLUMN "caricato_da_id" integer;--> statement-breakpoint
ALTER TABLE "estratti_conto" ADD CONSTRAINT "estratti_conto_beneficiario_id_users_id_fk" FOREIGN KEY ("beneficiario_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estratti_conto" ADD CONSTRAINT "estratti_conto_prodotto_da_id_users_id_fk" FOREIGN KEY ("prodotto_da_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratiche_eventi" ADD CONSTRAINT "pratiche_eventi_pratica_id_pratiche_id_fk" FOREIGN KEY ("pratica_id") REFERENCES "public"."pratiche"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pratiche_eventi" ADD CONSTRAINT "pratiche_eventi_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estratti_conto_anno_numero_unique" ON "estratti_conto" USING btree ("anno","numero");--> statement-breakpoint
CREATE INDEX "estratti_conto_beneficiario_idx" ON "estratti_conto" USING btree ("beneficiario_id","periodo","impronta");--> statement-breakpoint
CREATE INDEX "pratiche_eventi_pratica_idx" ON "pratiche_eventi" USING btree ("pratica_id","created_at");--> statement-breakpoint
ALTER TABLE "documenti" ADD CONSTRAINT "documenti_caricato_da_id_users_id_fk" FOREIGN KEY ("caricato_da_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;