CREATE TABLE "client_home_measurements" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"door_width_cm" integer NOT NULL,
	"door_height_cm" integer,
	"corridor_width_cm" integer,
	"lift_width_cm" integer,
	"lift_depth_cm" integer,
	"lift_height_cm" integer,
	"floor" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_home_measurements_lift_whole" CHECK (("client_home_measurements"."lift_width_cm" is null) = ("client_home_measurements"."lift_depth_cm" is null) and ("client_home_measurements"."lift_width_cm" is null) = ("client_home_measurements"."lift_height_cm" is null))
);
--> statement-breakpoint
ALTER TABLE "client_home_measurements" ADD CONSTRAINT "client_home_measurements_client_id_users_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;