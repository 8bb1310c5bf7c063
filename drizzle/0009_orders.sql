CREATE TABLE "billing_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"street" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'Deutschland' NOT NULL,
	"tax_number" text,
	"vat_id" text,
	"small_business" boolean DEFAULT false NOT NULL,
	"vat_rate" smallint DEFAULT 19 NOT NULL,
	"iban" text,
	"bic" text,
	"bank_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_profiles_vat_rate_valid" CHECK ("billing_profiles"."vat_rate" in (19, 7))
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"issuer_key" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_issuer_key_year_pk" PRIMARY KEY("issuer_key","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" text,
	"buyer_id" text,
	"issuer_key" text NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"performed_on" date NOT NULL,
	"issuer" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"description" text NOT NULL,
	"price_unit" text NOT NULL,
	"quantity" numeric(8, 2) NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"net" numeric(12, 2) NOT NULL,
	"vat_rate" smallint NOT NULL,
	"vat" numeric(12, 2) NOT NULL,
	"gross" numeric(12, 2) NOT NULL,
	"small_business" boolean NOT NULL,
	"storage_key" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_number_per_issuer" UNIQUE("issuer_key","number"),
	CONSTRAINT "invoices_amounts" CHECK ("invoices"."net" >= 0 and "invoices"."vat" >= 0 and "invoices"."gross" = "invoices"."net" + "invoices"."vat"),
	CONSTRAINT "invoices_vat_rate_valid" CHECK ("invoices"."vat_rate" in (0, 19, 7))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"actor_id" text,
	"kind" text NOT NULL,
	"note" text,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_kind_valid" CHECK ("order_events"."kind" in ('requested', 'accepted', 'declined', 'withdrawn', 'delivered', 'revision_requested', 'completed', 'auto_completed', 'invoice_issued', 'invoice_paid', 'account_deleted')),
	CONSTRAINT "order_events_note_length" CHECK ("order_events"."note" is null or char_length("order_events"."note") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "order_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_files_file_key_unique" UNIQUE("file_key")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" text,
	"seller_id" text,
	"service_id" uuid,
	"service_title" text NOT NULL,
	"price_unit" text NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"quantity" numeric(8, 2) DEFAULT '1' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"requirements" text NOT NULL,
	"desired_date" date,
	"status" text DEFAULT 'requested' NOT NULL,
	"decline_reason" text,
	"buyer_address" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"auto_complete_at" timestamp with time zone,
	CONSTRAINT "orders_status_valid" CHECK ("orders"."status" in ('requested', 'in_progress', 'delivered', 'completed', 'declined', 'cancelled')),
	CONSTRAINT "orders_price_unit_valid" CHECK ("orders"."price_unit" in ('fixed', 'hour', 'day', 'month')),
	CONSTRAINT "orders_quantity_range" CHECK ("orders"."quantity" > 0 and "orders"."quantity" <= 10000),
	CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."unit_price" >= 0 and "orders"."total" >= 0),
	CONSTRAINT "orders_requirements_length" CHECK (char_length(btrim("orders"."requirements")) between 1 and 2000),
	CONSTRAINT "orders_parties_differ" CHECK ("orders"."buyer_id" is null or "orders"."seller_id" is null or "orders"."buyer_id" <> "orders"."seller_id")
);
--> statement-breakpoint
CREATE TABLE "review_replies" (
	"review_id" uuid PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"reply" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_replies_length" CHECK (char_length(btrim("review_replies"."reply")) between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_kind_valid";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "price_unit" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "billing_profiles" ADD CONSTRAINT "billing_profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_files" ADD CONSTRAINT "order_files_event_id_order_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_review_id_service_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."service_reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_seller_idx" ON "invoices" USING btree ("seller_id","issued_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_buyer_idx" ON "invoices" USING btree ("buyer_id","issued_on" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","seq");--> statement-breakpoint
CREATE INDEX "order_files_order_idx" ON "order_files" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_buyer_status_idx" ON "orders" USING btree ("buyer_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_status_idx" ON "orders" USING btree ("seller_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_service_idx" ON "orders" USING btree ("service_id");--> statement-breakpoint
CREATE INDEX "orders_auto_complete_idx" ON "orders" USING btree ("auto_complete_at") WHERE "orders"."status" = 'delivered';--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_order_id_unique" UNIQUE("order_id");--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_order_id_unique" UNIQUE("order_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_price_unit_valid" CHECK ("services"."price_unit" in ('fixed', 'hour', 'day', 'month'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_order_has_order" CHECK (("conversations"."kind" = 'order') = ("conversations"."order_id" is not null));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_valid" CHECK ("conversations"."kind" in ('service', 'direct', 'order'));