-- A DELIVERY_REQUEST_SENT names its request, whose Delivery rows fill its payload when it is sent (issue 35: the send no longer builds and writes a payload of up to 15 MB)
ALTER TABLE "OutboxEvent" ADD COLUMN "deliveriesOf" TEXT;
ALTER TABLE "OutboxEvent" ADD COLUMN "filledBytes" INTEGER;
