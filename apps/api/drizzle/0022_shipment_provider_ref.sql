-- Couriers' own ids for a booking (Shiprocket: its order and shipment id), kept so the label,
-- a pickup request or a cancel reach the booking without looking the AWB up first (issue 16).
ALTER TABLE "shipments" ADD COLUMN "provider_ref" text;
