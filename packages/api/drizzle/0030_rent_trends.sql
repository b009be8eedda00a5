CREATE TABLE "rent_month_collections" (
	"tenant_id" bigint NOT NULL,
	"month" text NOT NULL,
	"city_id" bigint NOT NULL,
	"channel" smallint NOT NULL,
	"collected" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "rent_month_collections_tenant_id_month_city_id_channel_pk" PRIMARY KEY("tenant_id","month","city_id","channel")
);
--> statement-breakpoint
CREATE TABLE "rent_month_dues" (
	"tenant_id" bigint NOT NULL,
	"month" text NOT NULL,
	"city_id" bigint NOT NULL,
	"scheduled" bigint DEFAULT 0 NOT NULL,
	"due" bigint DEFAULT 0 NOT NULL,
	"overdue" bigint DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rent_month_dues_tenant_id_month_city_id_pk" PRIMARY KEY("tenant_id","month","city_id")
);
--> statement-breakpoint
CREATE TABLE "rent_trend_refreshes" (
	"tenant_id" bigint PRIMARY KEY NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
