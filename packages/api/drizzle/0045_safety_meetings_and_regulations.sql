CREATE TABLE "safety_meeting_attendees" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "safety_meeting_attendees_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meeting_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"driver_name" text NOT NULL,
	"mobile" text NOT NULL,
	"attendance" smallint DEFAULT 0 NOT NULL,
	"signed_in_at" timestamp with time zone,
	"sign_in_method" smallint,
	"sign_in_reason" text,
	"signed_in_by" text,
	"make_up_date" date,
	"make_up_note" text,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_meeting_invitees" (
	"meeting_id" bigint NOT NULL,
	"driver_id" bigint NOT NULL,
	"tenant_id" bigint NOT NULL,
	CONSTRAINT "safety_meeting_invitees_meeting_id_driver_id_pk" PRIMARY KEY("meeting_id","driver_id")
);
--> statement-breakpoint
CREATE TABLE "safety_meetings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "safety_meetings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"theme" text NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"city_id" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text NOT NULL,
	"online_link" text,
	"host" text NOT NULL,
	"lecturer" text,
	"audience" smallint NOT NULL,
	"minutes" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"attachments" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancel_reason" text,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "safety_regulations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "safety_regulations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"category" smallint NOT NULL,
	"edition" text NOT NULL,
	"department" text NOT NULL,
	"effective_date" date NOT NULL,
	"file" text[] DEFAULT '{}'::text[] NOT NULL,
	"summary" text,
	"validity" smallint DEFAULT 1 NOT NULL,
	"repeal_reason" text,
	"repealed_on" date,
	"version" integer DEFAULT 1 NOT NULL,
	"tenant_id" bigint NOT NULL,
	"created_by" bigint,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "safety_meeting_attendees_driver_key" ON "safety_meeting_attendees" USING btree ("tenant_id","meeting_id","driver_id");--> statement-breakpoint
CREATE INDEX "safety_meeting_attendees_tenant_attendance_idx" ON "safety_meeting_attendees" USING btree ("tenant_id","meeting_id","attendance");--> statement-breakpoint
CREATE INDEX "safety_meeting_attendees_tenant_meeting_idx" ON "safety_meeting_attendees" USING btree ("tenant_id","meeting_id","driver_name","id");--> statement-breakpoint
CREATE INDEX "safety_meeting_attendees_tenant_driver_name_idx" ON "safety_meeting_attendees" USING btree ("tenant_id","driver_name","id");--> statement-breakpoint
CREATE INDEX "safety_meeting_attendees_tenant_signed_in_at_idx" ON "safety_meeting_attendees" USING btree ("tenant_id","signed_in_at","id");--> statement-breakpoint
CREATE INDEX "safety_meeting_attendees_driver_name_trgm_idx" ON "safety_meeting_attendees" USING gin ("driver_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "safety_meeting_attendees_tenant_attendance_filter_idx" ON "safety_meeting_attendees" USING btree ("tenant_id","attendance","driver_name","id");--> statement-breakpoint
CREATE INDEX "safety_meetings_tenant_starts_idx" ON "safety_meetings" USING btree ("tenant_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "safety_meetings_theme_trgm_idx" ON "safety_meetings" USING gin ("theme" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "safety_meetings_tenant_type_filter_idx" ON "safety_meetings" USING btree ("tenant_id","type","starts_at","id");--> statement-breakpoint
CREATE INDEX "safety_meetings_tenant_status_filter_idx" ON "safety_meetings" USING btree ("tenant_id","status","starts_at","id");--> statement-breakpoint
CREATE INDEX "safety_meetings_tenant_city_id_filter_idx" ON "safety_meetings" USING btree ("tenant_id","city_id","starts_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_regulations_tenant_title_day_key" ON "safety_regulations" USING btree ("tenant_id","title","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "safety_regulations_tenant_title_edition_key" ON "safety_regulations" USING btree ("tenant_id","title","edition");--> statement-breakpoint
CREATE INDEX "safety_regulations_tenant_effective_date_idx" ON "safety_regulations" USING btree ("tenant_id","effective_date","id");--> statement-breakpoint
CREATE INDEX "safety_regulations_title_trgm_idx" ON "safety_regulations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "safety_regulations_tenant_category_filter_idx" ON "safety_regulations" USING btree ("tenant_id","category","effective_date","id");