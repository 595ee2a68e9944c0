-- Change notifications for the servers' read caches (platform/read-cache.ts): every statement that writes a
-- table the shipment lists read sends NOTIFY hatid_shipments_changed. PostgreSQL delivers a notification
-- only when the writing transaction commits, to every listening connection, so each server instance drops
-- its cached pages once the change is visible and never because of a rolled-back write.
CREATE OR REPLACE FUNCTION hatid_notify_shipments_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hatid_shipments_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shipments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipments
  FOR EACH STATEMENT EXECUTE FUNCTION hatid_notify_shipments_changed();
--> statement-breakpoint
CREATE TRIGGER shipment_packages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipment_packages
  FOR EACH STATEMENT EXECUTE FUNCTION hatid_notify_shipments_changed();
--> statement-breakpoint
CREATE TRIGGER shipment_activities_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shipment_activities
  FOR EACH STATEMENT EXECUTE FUNCTION hatid_notify_shipments_changed();
--> statement-breakpoint
CREATE TRIGGER transactions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION hatid_notify_shipments_changed();
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION hatid_notify_shipments_changed();
--> statement-breakpoint
CREATE TRIGGER covered_provinces_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON covered_provinces
  FOR EACH STATEMENT EXECUTE FUNCTION hatid_notify_shipments_changed();
