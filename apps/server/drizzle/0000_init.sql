CREATE TYPE "public"."activity_action" AS ENUM('ACTIVATED', 'CREATED', 'DEACTIVATED', 'DELETED', 'TIME_IN', 'TIME_OUT', 'UPDATED');--> statement-breakpoint
CREATE TYPE "public"."activity_type" AS ENUM('consolidation', 'delivery', 'delivery_failure', 'on_hold', 'pickup');--> statement-breakpoint
CREATE TYPE "public"."billing_payment_method" AS ENUM('Bank transfer', 'Cash', 'GCash Direct', 'GCash QR', 'Payment link', 'Wallet');--> statement-breakpoint
CREATE TYPE "public"."box_name" AS ENUM('Small Box', 'Medium Box', 'Large Box', 'Large Pouch', 'Passport', 'Your Box');--> statement-breakpoint
CREATE TYPE "public"."cancellation_reason" AS ENUM('Changed my mind', 'Chose another courier', 'Delivery time is too long', 'Found a better price elsewhere', 'Incorrect shipping details', 'Other (please specify)');--> statement-breakpoint
CREATE TYPE "public"."card_brand" AS ENUM('Mastercard', 'Visa', 'JCB', 'Discover', 'Diners Club', 'Amex');--> statement-breakpoint
CREATE TYPE "public"."collection_status" AS ENUM('pending', 'on_going', 'completed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."consolidation_status" AS ENUM('pending', 'consolidated', 'deconsolidating', 'completed');--> statement-breakpoint
CREATE TYPE "public"."courier_category" AS ENUM('air', 'sea', 'land', 'last_mile');--> statement-breakpoint
CREATE TYPE "public"."delivery_status" AS ENUM('Order placed', 'For pickup', 'Picked up', 'Orig. hub', 'Orig. port', 'In-transit', 'Dest. port', 'Dest. hub', 'For pickup dest.', 'Out for delivery', 'Delivered');--> statement-breakpoint
CREATE TYPE "public"."delivery_type" AS ENUM('next_day', 'same_day', 'intra_city');--> statement-breakpoint
CREATE TYPE "public"."direct_debit_bank" AS ENUM('BPI', 'Chinabank', 'RCBC', 'Unionbank');--> statement-breakpoint
CREATE TYPE "public"."discount_type" AS ENUM('flat', 'percentage');--> statement-breakpoint
CREATE TYPE "public"."document_type" AS ENUM('image', 'pdf');--> statement-breakpoint
CREATE TYPE "public"."ewallet" AS ENUM('GCash', 'Maya');--> statement-breakpoint
CREATE TYPE "public"."item_category" AS ENUM('Appliances', 'Arts, Crafts & Sewing', 'Automotive', 'Baby Products', 'Beauty & Personal Care', 'Books', 'CDs & Vinyl', 'Cell Phones & Accessories', 'Clothing, Shoes & Jewelry', 'Document', 'Electronics', 'Grocery & Gourmet Food', 'Health & Household', 'Home & Kitchen', 'Industrial & Scientific', 'Movies & TV', 'Musical Instruments', 'Office Products', 'Patio, Lawn & Garden', 'Passport', 'Pet Supplies', 'Sports & Outdoors', 'Tools & Home Improvement', 'Toys & Games', 'Video Games', 'Other');--> statement-breakpoint
CREATE TYPE "public"."package_deconsolidation_status" AS ENUM('received', 'missing', 'damaged');--> statement-breakpoint
CREATE TYPE "public"."packaging_category" AS ENUM('Box', 'Pouch', 'Passport', 'Cargo');--> statement-breakpoint
CREATE TYPE "public"."payer" AS ENUM('sender', 'recipient', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('bank_transfer', 'cash', 'gcash', 'invoice', 'payment_link', 'qr', 'wallet');--> statement-breakpoint
CREATE TYPE "public"."payment_method_kind" AS ENUM('Card', 'E-Wallet', 'Linked Account', 'One Time Payment EWallet', 'QR');--> statement-breakpoint
CREATE TYPE "public"."payment_provider_status" AS ENUM('AWAITING_CAPTURE', 'CANCELED', 'COMPLETED', 'EXPIRED', 'FAILED', 'PENDING', 'REQUIRES_ACTION', 'SUCCEEDED', 'UNKNOWN', 'VOIDED');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('Paid', 'Partially Paid', 'Pending');--> statement-breakpoint
CREATE TYPE "public"."service_type" AS ENUM('Drop Off', 'Pick Up');--> statement-breakpoint
CREATE TYPE "public"."shipment_source" AS ENUM('app', 'external', 'shopify');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('Pending', 'OnGoing', 'Cancelled');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('open', 'in_progress', 'resolved', 'closed');--> statement-breakpoint
CREATE TYPE "public"."wallet_transaction_type" AS ENUM('Cash', 'Deduction', 'Manual Adjustment', 'Payment Link', 'Purchase', 'Referral', 'Refund', 'Top Up', 'Voucher');--> statement-breakpoint
CREATE TYPE "public"."partner_status" AS ENUM('direct', 'partner');--> statement-breakpoint
CREATE TYPE "public"."account_type" AS ENUM('individual', 'business');--> statement-breakpoint
CREATE TYPE "public"."role_name" AS ENUM('admin', 'business_admin', 'business_member', 'consolidator', 'customer', 'rider', 'sales_agent', 'service_partner', 'ssp', 'staff', 'super_admin');--> statement-breakpoint
CREATE TYPE "public"."user_status" AS ENUM('ACTIVE', 'INACTIVE', 'INVITED');--> statement-breakpoint
CREATE TABLE "activity_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"action" "activity_action" NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"category" text NOT NULL,
	"summary" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text,
	"name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"email" text,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"barangay_code" text NOT NULL,
	"street_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "covered_provinces" (
	"province_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"partner_status" "partner_status" DEFAULT 'direct' NOT NULL,
	"partner_id" uuid,
	"retrieval_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"is_intra_city_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "covered_provinces_fee_non_negative" CHECK ("covered_provinces"."retrieval_fee_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"business_id" uuid,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by_id" uuid,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"name" text NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_id" uuid NOT NULL,
	"method" "billing_payment_method" NOT NULL,
	"amount_in_cents" bigint NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference_number" text,
	"proof_upload_id" uuid,
	"payment_request_id" uuid,
	"wallet_transaction_id" uuid,
	"remarks" text,
	"recorded_by_id" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_amount_positive" CHECK ("billing_payments"."amount_in_cents" > 0),
	CONSTRAINT "billing_payments_void_has_reason" CHECK (("billing_payments"."voided_at" IS NULL) = ("billing_payments"."void_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "billing_shipments" (
	"billing_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"amount_in_cents" integer NOT NULL,
	CONSTRAINT "billing_shipments_billing_id_shipment_id_pk" PRIMARY KEY("billing_id","shipment_id"),
	CONSTRAINT "billing_shipments_amount_non_negative" CHECK ("billing_shipments"."amount_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "billings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_type" text DEFAULT 'receivable' NOT NULL,
	"customer_id" uuid NOT NULL,
	"biller_id" uuid,
	"business_id" uuid,
	"invoice_account_id" uuid,
	"location" text,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"due_date" date,
	"status" "collection_status" DEFAULT 'pending' NOT NULL,
	"payment_status" "payment_status" DEFAULT 'Pending' NOT NULL,
	"total_in_cents" bigint DEFAULT 0 NOT NULL,
	"amount_paid_in_cents" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billings_type" CHECK ("billings"."billing_type" IN ('receivable', 'payable')),
	CONSTRAINT "billings_period" CHECK ("billings"."period_end" >= "billings"."period_start"),
	CONSTRAINT "billings_money_non_negative" CHECK ("billings"."total_in_cents" >= 0 AND "billings"."amount_paid_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_counters_non_negative" CHECK ("document_counters"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"business_id" uuid,
	"terms_in_days" integer DEFAULT 30 NOT NULL,
	"credit_limit_in_cents" bigint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"set_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_accounts_terms" CHECK ("invoice_accounts"."terms_in_days" BETWEEN 0 AND 365),
	CONSTRAINT "invoice_accounts_credit_limit_non_negative" CHECK ("invoice_accounts"."credit_limit_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint NOT NULL,
	"billing_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date,
	"total_in_cents" bigint NOT NULL,
	"pdf_upload_id" uuid,
	"notes" text,
	"issued_by_id" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_number_positive" CHECK ("invoices"."number" > 0),
	CONSTRAINT "invoices_total_non_negative" CHECK ("invoices"."total_in_cents" >= 0),
	CONSTRAINT "invoices_void_has_reason" CHECK (("invoices"."voided_at" IS NULL) = ("invoices"."void_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "business_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"label" text,
	"name" text NOT NULL,
	"mobile_number" text NOT NULL,
	"email" text,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"barangay_code" text NOT NULL,
	"street_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile_number" text,
	"tin" text,
	"owner_id" uuid,
	"account_manager_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_shipments" (
	"collection_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"amount_in_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_shipments_collection_id_shipment_id_pk" PRIMARY KEY("collection_id","shipment_id"),
	CONSTRAINT "collection_shipments_amount_positive" CHECK ("collection_shipments"."amount_in_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"collected_from_id" uuid NOT NULL,
	"received_by_id" uuid,
	"source" text NOT NULL,
	"status" "collection_status" DEFAULT 'pending' NOT NULL,
	"amount_in_cents" bigint DEFAULT 0 NOT NULL,
	"location" text,
	"remarks" text,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_amount_non_negative" CHECK ("collections"."amount_in_cents" >= 0),
	CONSTRAINT "collections_source" CHECK ("collections"."source" IN ('pickup', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "consolidation_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consolidation_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"package_status" "package_deconsolidation_status",
	"package_note" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_id" uuid,
	"carrier_id" uuid,
	"flight_number" text,
	"departure_at" timestamp with time zone,
	"arrival_at" timestamp with time zone,
	"added_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consolidation_shipments_times" CHECK ("consolidation_shipments"."departure_at" IS NULL OR "consolidation_shipments"."arrival_at" IS NULL OR "consolidation_shipments"."arrival_at" >= "consolidation_shipments"."departure_at"),
	CONSTRAINT "consolidation_shipments_confirmed" CHECK (("consolidation_shipments"."package_status" IS NULL) = ("consolidation_shipments"."confirmed_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "consolidations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tag" text NOT NULL,
	"type" "courier_category" DEFAULT 'air' NOT NULL,
	"sender_airport" text NOT NULL,
	"receiver_airport" text NOT NULL,
	"status" "consolidation_status" DEFAULT 'pending' NOT NULL,
	"master_awb_number" text,
	"courier_id" uuid,
	"is_automated" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid,
	"consolidated_at" timestamp with time zone,
	"deconsolidation_started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consolidations_airports_iata" CHECK ("consolidations"."sender_airport" ~ '^[A-Z]{3}$' AND "consolidations"."receiver_airport" ~ '^[A-Z]{3}$'),
	CONSTRAINT "consolidations_airports_differ" CHECK ("consolidations"."sender_airport" <> "consolidations"."receiver_airport"),
	CONSTRAINT "consolidations_type" CHECK ("consolidations"."type" IN ('air', 'sea'))
);
--> statement-breakpoint
CREATE TABLE "couriers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'carrier' NOT NULL,
	"category" "courier_category" NOT NULL,
	"code" text,
	"contact_name" text,
	"contact_number" text,
	"contact_email" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "couriers_type" CHECK ("couriers"."type" IN ('carrier', 'partner'))
);
--> statement-breakpoint
CREATE TABLE "flags" (
	"key" text PRIMARY KEY NOT NULL,
	"description" text,
	"test_value" boolean DEFAULT false NOT NULL,
	"production_value" boolean DEFAULT false NOT NULL,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flags_key_format" CHECK ("flags"."key" ~ '^[a-z][a-z0-9_.-]*$')
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"user_id" uuid NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_status" CHECK ("idempotency_keys"."response_status" IS NULL OR "idempotency_keys"."response_status" BETWEEN 100 AND 599)
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'web_push' NOT NULL,
	"token" text NOT NULL,
	"keys" jsonb,
	"user_agent" text,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_tokens_kind" CHECK ("device_tokens"."kind" IN ('web_push', 'fcm', 'apns'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"type" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type" CHECK ("notifications"."type" IN ('shipment_booked', 'courier_on_the_way', 'picked_up', 'out_for_delivery', 'delivered', 'delivery_failed', 'cancelled', 'payment_received', 'wallet_topped_up', 'ticket_updated'))
);
--> statement-breakpoint
CREATE TABLE "outbox_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_events_attempts_non_negative" CHECK ("outbox_events"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"provider_request_id" text,
	"status" "payment_provider_status" DEFAULT 'PENDING' NOT NULL,
	"amount_in_cents" bigint NOT NULL,
	"currency" text DEFAULT 'PHP' NOT NULL,
	"user_id" uuid NOT NULL,
	"created_by_id" uuid,
	"shipment_id" uuid,
	"billing_id" uuid,
	"card_token_id" uuid,
	"checkout_url" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"failure_reason" text,
	"provider_payload" jsonb,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_requests_amount_positive" CHECK ("payment_requests"."amount_in_cents" > 0),
	CONSTRAINT "payment_requests_currency" CHECK ("payment_requests"."currency" = 'PHP'),
	CONSTRAINT "payment_requests_provider" CHECK ("payment_requests"."provider" IN ('sandbox', 'xendit')),
	CONSTRAINT "payment_requests_purpose" CHECK ("payment_requests"."purpose" IN ('shipment_payment', 'wallet_top_up', 'billing_payment')),
	CONSTRAINT "payment_requests_channel" CHECK ("payment_requests"."channel" IN ('payment_link', 'qr', 'card', 'direct_debit', 'ewallet')),
	CONSTRAINT "payment_requests_target" CHECK (("payment_requests"."purpose" <> 'shipment_payment' OR "payment_requests"."shipment_id" IS NOT NULL)
        AND ("payment_requests"."purpose" <> 'billing_payment' OR "payment_requests"."billing_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "pricing_configs" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"description" text,
	"updated_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"promo_code_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"discount_in_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_code_uses_discount_non_negative" CHECK ("promo_code_uses"."discount_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"type" "discount_type" NOT NULL,
	"amount" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"max_usage" integer,
	"max_usage_per_user" integer,
	"applicable_box_types" "box_name"[] DEFAULT '{}' NOT NULL,
	"created_by_id" uuid,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_amount" CHECK (("promo_codes"."type" = 'flat' AND "promo_codes"."amount" > 0) OR ("promo_codes"."type" = 'percentage' AND "promo_codes"."amount" BETWEEN 1 AND 100)),
	CONSTRAINT "promo_codes_period" CHECK ("promo_codes"."ends_at" > "promo_codes"."starts_at"),
	CONSTRAINT "promo_codes_usage" CHECK ("promo_codes"."usage_count" >= 0 AND ("promo_codes"."max_usage" IS NULL OR ("promo_codes"."max_usage" > 0 AND "promo_codes"."usage_count" <= "promo_codes"."max_usage"))
        AND ("promo_codes"."max_usage_per_user" IS NULL OR "promo_codes"."max_usage_per_user" > 0))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "reviews_comment_length" CHECK (char_length("reviews"."comment") <= 1024)
);
--> statement-breakpoint
CREATE TABLE "shipment_mile_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_mile_id" uuid NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_miles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"mile" text NOT NULL,
	"courier_id" uuid,
	"courier_reference" text,
	"handled_by_id" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_miles_mile" CHECK ("shipment_miles"."mile" IN ('first', 'mid', 'last'))
);
--> statement-breakpoint
CREATE TABLE "proof_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"type" text NOT NULL,
	"upload_id" uuid NOT NULL,
	"activity_id" uuid,
	"taken_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proof_images_type" CHECK ("proof_images"."type" IN ('pickup', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "shipment_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"name" text NOT NULL,
	"custom_status_name" text,
	"type" "activity_type",
	"delivery_status" "delivery_status",
	"reason" text,
	"hide_from_timeline" boolean DEFAULT false NOT NULL,
	"note" text,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"proof_upload_id" uuid,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_activities_reason" CHECK ("shipment_activities"."reason" IS NULL OR "shipment_activities"."reason" IN ('Sender unavailable', 'Address not found', 'Insufficient time', 'Weather or natural disaster', 'Package not ready', 'Recipient unavailable', 'Refused by recipient', 'Weather', 'Other')),
	CONSTRAINT "shipment_activities_custom_keeps_status" CHECK ("shipment_activities"."custom_status_name" IS NULL OR "shipment_activities"."delivery_status" IS NULL)
);
--> statement-breakpoint
CREATE TABLE "shipment_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"document_type" "document_type" NOT NULL,
	"name" text NOT NULL,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipment_weights" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"shipment_package_id" uuid,
	"weight_in_grams" integer NOT NULL,
	"length_in_cm" numeric(8, 2),
	"width_in_cm" numeric(8, 2),
	"height_in_cm" numeric(8, 2),
	"volumetric_weight_in_grams" integer,
	"note" text,
	"recorded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_weights_positive" CHECK ("shipment_weights"."weight_in_grams" > 0 AND ("shipment_weights"."volumetric_weight_in_grams" IS NULL OR "shipment_weights"."volumetric_weight_in_grams" >= 0))
);
--> statement-breakpoint
CREATE TABLE "shipment_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"box_name" "box_name" NOT NULL,
	"packaging_category" "packaging_category" NOT NULL,
	"item_category" "item_category",
	"description" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price_in_cents" integer NOT NULL,
	"base_price_in_cents" integer NOT NULL,
	"box_rate_in_cents" integer,
	"image_url" text,
	"height_in_cm" numeric(8, 2),
	"length_in_cm" numeric(8, 2),
	"width_in_cm" numeric(8, 2),
	"weight_in_grams" integer DEFAULT 0 NOT NULL,
	"chargeable_weight_in_grams" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_packages_quantity_positive" CHECK ("shipment_packages"."quantity" > 0),
	CONSTRAINT "shipment_packages_money_non_negative" CHECK ("shipment_packages"."price_in_cents" >= 0 AND "shipment_packages"."base_price_in_cents" >= 0 AND ("shipment_packages"."box_rate_in_cents" IS NULL OR "shipment_packages"."box_rate_in_cents" >= 0)),
	CONSTRAINT "shipment_packages_measures_non_negative" CHECK ("shipment_packages"."weight_in_grams" >= 0 AND ("shipment_packages"."chargeable_weight_in_grams" IS NULL OR "shipment_packages"."chargeable_weight_in_grams" >= 0)
        AND ("shipment_packages"."height_in_cm" IS NULL OR "shipment_packages"."height_in_cm" > 0) AND ("shipment_packages"."length_in_cm" IS NULL OR "shipment_packages"."length_in_cm" > 0)
        AND ("shipment_packages"."width_in_cm" IS NULL OR "shipment_packages"."width_in_cm" > 0))
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_number" text NOT NULL,
	"status" "shipment_status" DEFAULT 'Pending' NOT NULL,
	"delivery_status" "delivery_status" DEFAULT 'Order placed' NOT NULL,
	"delivery_type" "delivery_type" NOT NULL,
	"shipment_type" "service_type" DEFAULT 'Pick Up' NOT NULL,
	"delivery_category" "courier_category",
	"source" "shipment_source" DEFAULT 'app' NOT NULL,
	"payment_method" "payment_method" NOT NULL,
	"paid_by" "payer" NOT NULL,
	"payment_status" "payment_status" DEFAULT 'Pending' NOT NULL,
	"sender_name" text NOT NULL,
	"sender_mobile_number" text NOT NULL,
	"sender_email" text,
	"sender_province_code" text NOT NULL,
	"sender_city_code" text NOT NULL,
	"sender_barangay_code" text NOT NULL,
	"sender_street_name" text NOT NULL,
	"sender_city_label" text NOT NULL,
	"receiver_name" text NOT NULL,
	"receiver_mobile_number" text NOT NULL,
	"receiver_email" text,
	"receiver_province_code" text NOT NULL,
	"receiver_city_code" text NOT NULL,
	"receiver_barangay_code" text NOT NULL,
	"receiver_street_name" text NOT NULL,
	"receiver_city_label" text NOT NULL,
	"declared_value_in_cents" integer DEFAULT 0 NOT NULL,
	"promo_code_id" uuid,
	"promo_code" text,
	"packages_total_in_cents" integer DEFAULT 0 NOT NULL,
	"surcharge_in_cents" integer DEFAULT 0 NOT NULL,
	"subtotal_in_cents" integer DEFAULT 0 NOT NULL,
	"insurance_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"retrieval_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"dangerous_goods_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"fuel_charge_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"others_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"size_adjustment_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"discount_in_cents" integer DEFAULT 0 NOT NULL,
	"total_in_cents" integer DEFAULT 0 NOT NULL,
	"outbound_fee_in_cents" integer DEFAULT 0 NOT NULL,
	"pricing_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancellation_reason" "cancellation_reason",
	"cancellation_note" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_id" uuid,
	"pickup_date" date,
	"pickup_rider_id" uuid,
	"drop_off_rider_id" uuid,
	"owner_id" uuid NOT NULL,
	"booked_by_id" uuid NOT NULL,
	"business_id" uuid,
	"api_key_id" uuid,
	"external_reference" text,
	"idempotency_key" text,
	"delivered_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_tracking_number_format" CHECK ("shipments"."tracking_number" ~ '^(ND|SD|IC)[0-9]{9}PH$'),
	CONSTRAINT "shipments_money_non_negative" CHECK ("shipments"."declared_value_in_cents" >= 0 AND "shipments"."packages_total_in_cents" >= 0 AND "shipments"."surcharge_in_cents" >= 0
        AND "shipments"."subtotal_in_cents" >= 0 AND "shipments"."insurance_fee_in_cents" >= 0 AND "shipments"."retrieval_fee_in_cents" >= 0
        AND "shipments"."dangerous_goods_fee_in_cents" >= 0 AND "shipments"."fuel_charge_fee_in_cents" >= 0 AND "shipments"."others_fee_in_cents" >= 0
        AND "shipments"."size_adjustment_fee_in_cents" >= 0 AND "shipments"."discount_in_cents" >= 0 AND "shipments"."total_in_cents" >= 0
        AND "shipments"."outbound_fee_in_cents" >= 0),
	CONSTRAINT "shipments_discount_within_packages" CHECK ("shipments"."discount_in_cents" <= "shipments"."packages_total_in_cents"),
	CONSTRAINT "shipments_subtotal_sum" CHECK ("shipments"."subtotal_in_cents" = "shipments"."packages_total_in_cents" + "shipments"."surcharge_in_cents"),
	CONSTRAINT "shipments_total_sum" CHECK ("shipments"."total_in_cents" = "shipments"."subtotal_in_cents" + "shipments"."insurance_fee_in_cents" + "shipments"."retrieval_fee_in_cents"
        + "shipments"."dangerous_goods_fee_in_cents" + "shipments"."fuel_charge_fee_in_cents" + "shipments"."others_fee_in_cents"
        + "shipments"."size_adjustment_fee_in_cents" - "shipments"."discount_in_cents"),
	CONSTRAINT "shipments_cancellation_has_reason" CHECK (("shipments"."status" = 'Cancelled') = ("shipments"."cancellation_reason" IS NOT NULL)),
	CONSTRAINT "shipments_other_reason_has_note" CHECK ("shipments"."cancellation_reason" IS DISTINCT FROM 'Other (please specify)' OR "shipments"."cancellation_note" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"description" text,
	"status" "ticket_status" DEFAULT 'open' NOT NULL,
	"shipment_id" uuid,
	"created_by_id" uuid NOT NULL,
	"assigned_to_id" uuid,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"method" "payment_method" NOT NULL,
	"amount_in_cents" integer NOT NULL,
	"paid_by" "payer",
	"received_by_id" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reference_number" text,
	"proof_upload_id" uuid,
	"remarks" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_request_id" uuid,
	"wallet_transaction_id" uuid,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"voided_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transactions_amount_positive" CHECK ("transactions"."amount_in_cents" > 0),
	CONSTRAINT "transactions_void_has_reason" CHECK (("transactions"."voided_at" IS NULL) = ("transactions"."void_reason" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"file_url" text NOT NULL,
	"path" text NOT NULL,
	"storage_driver" text DEFAULT 'local' NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"size_in_bytes" integer NOT NULL,
	"content_type" text NOT NULL,
	"checksum" text,
	"uploaded_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_size_limit" CHECK ("uploads"."size_in_bytes" >= 0 AND "uploads"."size_in_bytes" <= 10485760),
	CONSTRAINT "uploads_storage_driver" CHECK ("uploads"."storage_driver" IN ('local', 's3'))
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"invited_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mobile_number" text NOT NULL,
	"code_hash" text NOT NULL,
	"purpose" text DEFAULT 'login' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"request_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otp_attempts_bounded" CHECK ("otp_codes"."attempts" >= 0 AND "otp_codes"."attempts" <= 5)
);
--> statement-breakpoint
CREATE TABLE "registration_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"mobile_number" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_tickets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" "role_name" NOT NULL,
	CONSTRAINT "roles_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"mobile_number" text,
	"email" text,
	"password_hash" text,
	"account_type" "account_type" DEFAULT 'individual' NOT NULL,
	"business_name" text,
	"business_id" uuid,
	"agent_code" text,
	"used_agent_code" text,
	"status" "user_status" DEFAULT 'ACTIVE' NOT NULL,
	"is_employee" boolean DEFAULT false NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"service_area_codes" text[] DEFAULT '{}'::text[] NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_can_sign_in" CHECK ("users"."mobile_number" IS NOT NULL OR "users"."email" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "card_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "payment_method_kind" NOT NULL,
	"provider" text DEFAULT 'sandbox' NOT NULL,
	"provider_method_id" text NOT NULL,
	"card_brand" "card_brand",
	"bank" "direct_debit_bank",
	"ewallet" "ewallet",
	"masked_number" text,
	"expiry_month" smallint,
	"expiry_year" smallint,
	"label" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_tokens_provider" CHECK ("card_tokens"."provider" IN ('sandbox', 'xendit')),
	CONSTRAINT "card_tokens_expiry_month" CHECK ("card_tokens"."expiry_month" IS NULL OR "card_tokens"."expiry_month" BETWEEN 1 AND 12)
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" "wallet_transaction_type" NOT NULL,
	"amount_in_cents" bigint NOT NULL,
	"balance_after_in_cents" bigint NOT NULL,
	"description" text,
	"shipment_id" uuid,
	"payment_request_id" uuid,
	"provider_payment_id" text,
	"idempotency_key" text,
	"created_by_id" uuid,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transactions_amount_non_zero" CHECK ("wallet_transactions"."amount_in_cents" <> 0),
	CONSTRAINT "wallet_transactions_balance_after_non_negative" CHECK ("wallet_transactions"."balance_after_in_cents" >= 0),
	CONSTRAINT "wallet_transactions_sign" CHECK (("wallet_transactions"."type" NOT IN ('Purchase', 'Deduction') OR "wallet_transactions"."amount_in_cents" < 0)
        AND ("wallet_transactions"."type" NOT IN ('Top Up', 'Refund', 'Referral') OR "wallet_transactions"."amount_in_cents" > 0))
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"balance_in_cents" bigint DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance_in_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "activity_logs" ADD CONSTRAINT "activity_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "covered_provinces" ADD CONSTRAINT "covered_provinces_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_attachments" ADD CONSTRAINT "billing_attachments_billing_id_billings_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_attachments" ADD CONSTRAINT "billing_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_attachments" ADD CONSTRAINT "billing_attachments_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_billing_id_billings_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_shipments" ADD CONSTRAINT "billing_shipments_billing_id_billings_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_shipments" ADD CONSTRAINT "billing_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_biller_id_users_id_fk" FOREIGN KEY ("biller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billings" ADD CONSTRAINT "billings_invoice_account_id_invoice_accounts_id_fk" FOREIGN KEY ("invoice_account_id") REFERENCES "public"."invoice_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_accounts" ADD CONSTRAINT "invoice_accounts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_accounts" ADD CONSTRAINT "invoice_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_accounts" ADD CONSTRAINT "invoice_accounts_set_by_id_users_id_fk" FOREIGN KEY ("set_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_billing_id_billings_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_pdf_upload_id_uploads_id_fk" FOREIGN KEY ("pdf_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_addresses" ADD CONSTRAINT "business_addresses_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_account_manager_id_users_id_fk" FOREIGN KEY ("account_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_shipments" ADD CONSTRAINT "collection_shipments_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_shipments" ADD CONSTRAINT "collection_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_collected_from_id_users_id_fk" FOREIGN KEY ("collected_from_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_shipments" ADD CONSTRAINT "consolidation_shipments_consolidation_id_consolidations_id_fk" FOREIGN KEY ("consolidation_id") REFERENCES "public"."consolidations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_shipments" ADD CONSTRAINT "consolidation_shipments_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_shipments" ADD CONSTRAINT "consolidation_shipments_confirmed_by_id_users_id_fk" FOREIGN KEY ("confirmed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_shipments" ADD CONSTRAINT "consolidation_shipments_carrier_id_couriers_id_fk" FOREIGN KEY ("carrier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_shipments" ADD CONSTRAINT "consolidation_shipments_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidations" ADD CONSTRAINT "consolidations_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidations" ADD CONSTRAINT "consolidations_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flags" ADD CONSTRAINT "flags_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_billing_id_billings_id_fk" FOREIGN KEY ("billing_id") REFERENCES "public"."billings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_card_token_id_card_tokens_id_fk" FOREIGN KEY ("card_token_id") REFERENCES "public"."card_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pricing_configs" ADD CONSTRAINT "pricing_configs_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_uses" ADD CONSTRAINT "promo_code_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_mile_notes" ADD CONSTRAINT "shipment_mile_notes_shipment_mile_id_shipment_miles_id_fk" FOREIGN KEY ("shipment_mile_id") REFERENCES "public"."shipment_miles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_mile_notes" ADD CONSTRAINT "shipment_mile_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_miles" ADD CONSTRAINT "shipment_miles_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_miles" ADD CONSTRAINT "shipment_miles_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_miles" ADD CONSTRAINT "shipment_miles_handled_by_id_users_id_fk" FOREIGN KEY ("handled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_images" ADD CONSTRAINT "proof_images_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_images" ADD CONSTRAINT "proof_images_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_images" ADD CONSTRAINT "proof_images_activity_id_shipment_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."shipment_activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_images" ADD CONSTRAINT "proof_images_taken_by_id_users_id_fk" FOREIGN KEY ("taken_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_activities" ADD CONSTRAINT "shipment_activities_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_activities" ADD CONSTRAINT "shipment_activities_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_activities" ADD CONSTRAINT "shipment_activities_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_documents" ADD CONSTRAINT "shipment_documents_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_weights" ADD CONSTRAINT "shipment_weights_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_weights" ADD CONSTRAINT "shipment_weights_shipment_package_id_shipment_packages_id_fk" FOREIGN KEY ("shipment_package_id") REFERENCES "public"."shipment_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_weights" ADD CONSTRAINT "shipment_weights_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_packages" ADD CONSTRAINT "shipment_packages_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_cancelled_by_id_users_id_fk" FOREIGN KEY ("cancelled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pickup_rider_id_users_id_fk" FOREIGN KEY ("pickup_rider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_drop_off_rider_id_users_id_fk" FOREIGN KEY ("drop_off_rider_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_booked_by_id_users_id_fk" FOREIGN KEY ("booked_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_assigned_to_id_users_id_fk" FOREIGN KEY ("assigned_to_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_received_by_id_users_id_fk" FOREIGN KEY ("received_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_proof_upload_id_uploads_id_fk" FOREIGN KEY ("proof_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_wallet_transaction_id_wallet_transactions_id_fk" FOREIGN KEY ("wallet_transaction_id") REFERENCES "public"."wallet_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_voided_by_id_users_id_fk" FOREIGN KEY ("voided_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_id_users_id_fk" FOREIGN KEY ("uploaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_id_users_id_fk" FOREIGN KEY ("invited_by_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_tokens" ADD CONSTRAINT "card_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_user_id_wallets_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."wallets"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_payment_request_id_payment_requests_id_fk" FOREIGN KEY ("payment_request_id") REFERENCES "public"."payment_requests"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_logs_created_idx" ON "activity_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_logs_actor_created_idx" ON "activity_logs" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_logs_entity_idx" ON "activity_logs" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "activity_logs_category_created_idx" ON "activity_logs" USING btree ("category","created_at");--> statement-breakpoint
CREATE INDEX "activity_logs_action_created_idx" ON "activity_logs" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_prefix_uq" ON "api_keys" USING btree ("prefix");--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_key_hash_uq" ON "api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_business_idx" ON "api_keys" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "api_keys_user_idx" ON "api_keys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "billing_attachments_billing_idx" ON "billing_attachments" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "billing_payments_billing_idx" ON "billing_payments" USING btree ("billing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_payment_request_uq" ON "billing_payments" USING btree ("payment_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_payments_wallet_transaction_uq" ON "billing_payments" USING btree ("wallet_transaction_id");--> statement-breakpoint
CREATE INDEX "billing_shipments_shipment_idx" ON "billing_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "billings_customer_created_idx" ON "billings" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "billings_biller_idx" ON "billings" USING btree ("biller_id");--> statement-breakpoint
CREATE INDEX "billings_status_created_idx" ON "billings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "billings_type_created_idx" ON "billings" USING btree ("billing_type","created_at");--> statement-breakpoint
CREATE INDEX "billings_location_idx" ON "billings" USING btree ("location");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_accounts_customer_uq" ON "invoice_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_live_billing_uq" ON "invoices" USING btree ("billing_id") WHERE "invoices"."voided_at" IS NULL;--> statement-breakpoint
CREATE INDEX "invoices_customer_issued_idx" ON "invoices" USING btree ("customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "business_addresses_business_idx" ON "business_addresses" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "business_addresses_one_default_uq" ON "business_addresses" USING btree ("business_id") WHERE "business_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "businesses_name_idx" ON "businesses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "collection_shipments_shipment_idx" ON "collection_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "collections_collected_from_created_idx" ON "collections" USING btree ("collected_from_id","created_at");--> statement-breakpoint
CREATE INDEX "collections_status_created_idx" ON "collections" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "collections_location_idx" ON "collections" USING btree ("location");--> statement-breakpoint
CREATE INDEX "collections_created_idx" ON "collections" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consolidation_shipments_shipment_uq" ON "consolidation_shipments" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "consolidation_shipments_consolidation_idx" ON "consolidation_shipments" USING btree ("consolidation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consolidations_tag_uq" ON "consolidations" USING btree ("tag");--> statement-breakpoint
CREATE INDEX "consolidations_master_awb_idx" ON "consolidations" USING btree ("master_awb_number");--> statement-breakpoint
CREATE INDEX "consolidations_status_created_idx" ON "consolidations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "consolidations_route_idx" ON "consolidations" USING btree ("sender_airport","receiver_airport");--> statement-breakpoint
CREATE INDEX "consolidations_created_by_idx" ON "consolidations" USING btree ("created_by_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_uq" ON "couriers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "couriers_category_active_idx" ON "couriers" USING btree ("category","is_active");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_key_user_route_uq" ON "idempotency_keys" USING btree ("key","user_id","route");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_token_uq" ON "device_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "device_tokens_user_idx" ON "device_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_global_created_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_events_pending_idx" ON "outbox_events" USING btree ("available_at") WHERE "outbox_events"."processed_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_events_dedupe_uq" ON "outbox_events" USING btree ("topic","dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_provider_id_uq" ON "payment_requests" USING btree ("provider","provider_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_idempotency_uq" ON "payment_requests" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "payment_requests_shipment_idx" ON "payment_requests" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_billing_idx" ON "payment_requests" USING btree ("billing_id");--> statement-breakpoint
CREATE INDEX "payment_requests_user_created_idx" ON "payment_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_requests_status_expires_idx" ON "payment_requests" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_uses_shipment_uq" ON "promo_code_uses" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "promo_code_uses_code_user_idx" ON "promo_code_uses" USING btree ("promo_code_id","user_id") WHERE "promo_code_uses"."released_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_uq" ON "promo_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "promo_codes_created_idx" ON "promo_codes" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_shipment_uq" ON "reviews" USING btree ("user_id","shipment_id");--> statement-breakpoint
CREATE INDEX "reviews_shipment_idx" ON "reviews" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "reviews_rating_created_idx" ON "reviews" USING btree ("rating","created_at");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shipment_mile_notes_mile_idx" ON "shipment_mile_notes" USING btree ("shipment_mile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_miles_shipment_mile_uq" ON "shipment_miles" USING btree ("shipment_id","mile");--> statement-breakpoint
CREATE INDEX "shipment_miles_courier_idx" ON "shipment_miles" USING btree ("courier_id");--> statement-breakpoint
CREATE INDEX "proof_images_shipment_type_idx" ON "proof_images" USING btree ("shipment_id","type");--> statement-breakpoint
CREATE INDEX "shipment_activities_shipment_created_idx" ON "shipment_activities" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_activities_actor_idx" ON "shipment_activities" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "shipment_documents_shipment_idx" ON "shipment_documents" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipment_weights_shipment_idx" ON "shipment_weights" USING btree ("shipment_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_packages_shipment_idx" ON "shipment_packages" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_number_uq" ON "shipments" USING btree ("tracking_number");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_booked_by_idempotency_uq" ON "shipments" USING btree ("booked_by_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "shipments_owner_created_idx" ON "shipments" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_business_created_idx" ON "shipments" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_booked_by_idx" ON "shipments" USING btree ("booked_by_id");--> statement-breakpoint
CREATE INDEX "shipments_created_idx" ON "shipments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "shipments_delivery_status_created_idx" ON "shipments" USING btree ("delivery_status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_status_created_idx" ON "shipments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_sender_province_idx" ON "shipments" USING btree ("sender_province_code","created_at");--> statement-breakpoint
CREATE INDEX "shipments_receiver_province_idx" ON "shipments" USING btree ("receiver_province_code","created_at");--> statement-breakpoint
CREATE INDEX "shipments_pickup_rider_idx" ON "shipments" USING btree ("pickup_rider_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_drop_off_rider_idx" ON "shipments" USING btree ("drop_off_rider_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_delivered_idx" ON "shipments" USING btree ("delivered_at");--> statement-breakpoint
CREATE INDEX "shipments_promo_code_idx" ON "shipments" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "shipments_sender_mobile_idx" ON "shipments" USING btree ("sender_mobile_number");--> statement-breakpoint
CREATE INDEX "shipments_receiver_mobile_idx" ON "shipments" USING btree ("receiver_mobile_number");--> statement-breakpoint
CREATE INDEX "tickets_shipment_idx" ON "tickets" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "tickets_status_created_idx" ON "tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "tickets_created_by_idx" ON "tickets" USING btree ("created_by_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_assigned_to_idx" ON "tickets" USING btree ("assigned_to_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_payment_request_uq" ON "transactions" USING btree ("payment_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_wallet_transaction_uq" ON "transactions" USING btree ("wallet_transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_shipment_idx" ON "transactions" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "transactions_method_created_idx" ON "transactions" USING btree ("method","created_at");--> statement-breakpoint
CREATE INDEX "transactions_received_by_idx" ON "transactions" USING btree ("received_by_id","received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_driver_path_uq" ON "uploads" USING btree ("storage_driver","path");--> statement-breakpoint
CREATE INDEX "uploads_uploaded_by_idx" ON "uploads" USING btree ("uploaded_by_id");--> statement-breakpoint
CREATE INDEX "otp_codes_mobile_created_idx" ON "otp_codes" USING btree ("mobile_number","created_at");--> statement-breakpoint
CREATE INDEX "otp_codes_ip_created_idx" ON "otp_codes" USING btree ("request_ip","created_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_number_uq" ON "users" USING btree ("mobile_number");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_agent_code_uq" ON "users" USING btree ("agent_code");--> statement-breakpoint
CREATE INDEX "users_used_agent_code_idx" ON "users" USING btree ("used_agent_code");--> statement-breakpoint
CREATE UNIQUE INDEX "card_tokens_provider_method_uq" ON "card_tokens" USING btree ("provider","provider_method_id");--> statement-breakpoint
CREATE INDEX "card_tokens_user_idx" ON "card_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "card_tokens_one_default_uq" ON "card_tokens" USING btree ("user_id") WHERE "card_tokens"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_payment_uq" ON "wallet_transactions" USING btree ("provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_idempotency_uq" ON "wallet_transactions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "wallet_transactions_user_created_idx" ON "wallet_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transactions_shipment_idx" ON "wallet_transactions" USING btree ("shipment_id");