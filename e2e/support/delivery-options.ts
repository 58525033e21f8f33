/** A channel's one delivery option, a phone in international form: what the money tests and the world send. */
export const PHONE_DELIVERY_OPTION = {
  fieldLabel: "Phone",
  fieldName: "phone",
  dataType: "STRING",
  isRequired: true,
  validationRegex: "^\\+[0-9]+$",
};
