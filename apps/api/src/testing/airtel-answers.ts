/**
 * Airtel Money's answers as they really come, for the adapter's tests (decision 043): each with the HTTP status it comes
 * with and where its shape was taken from. Airtel publishes no client of its own; the shapes are those of its developer
 * documentation (developers.airtel.africa, "Collection-APIs", "Disbursement-APIs", "Error Codes") as open-source
 * clients and their mock servers reproduce them. Ids and numbers are replaced by neutral ones.
 */
export type AirtelAnswer = { source: string; status: number; body: unknown };

const LARAVEL = 'github.com/mtvbrianking/laravel-airtel-money';
const GLOBAL_121 = 'github.com/global-121/121-platform';
const MSOMALI = 'github.com/msomali/airtel';

export const AIRTEL_ANSWERS = {
  /** The token, `expires_in` a number (180 s on staging). */
  token: {
    source: `${LARAVEL} tests/Products/AuthorizationTest.php`,
    status: 200,
    body: { access_token: 'pQWBjnwY0gS04euamZVVl4zDWfE4Pqkp', token_type: 'bearer', expires_in: 180 },
  },
  /** Wrong client credentials: OAuth's own error, no envelope. */
  tokenRefused: {
    source: `${GLOBAL_121} services/mock-service/src/fsp-integration/airtel/airtel.mock.service.ts (getAccessToken)`,
    status: 400,
    body: { error_description: 'Invalid client authentication', error: 'invalid_client' },
  },
  /** An expired or unknown token: Airtel's gateway answers 403, not 401. */
  invalidToken: {
    source: `${GLOBAL_121} services/mock-service/src/fsp-integration/airtel/airtel.mock.service.ts (disburseV1, authError)`,
    status: 403,
    body: { error_description: 'The access token is invalid or has expired', error: 'invalid_token' },
  },
  /** The USSD push sent: only "sent", the enquiry tells the outcome. */
  collectionSent: {
    source: `${LARAVEL} tests/Products/CollectionTest.php (test_can_collect)`,
    status: 200,
    body: {
      data: { transaction: { id: 'd56afb6b-24ff-4371-9dc0-1c64a051cbfc', status: 'Success.' } },
      status: { response_code: 'DP00800001006', code: '200', success: true, result_code: 'ESB000010', message: 'Success.' },
    },
  },
  /** A collection's enquiry, successful. */
  collectionEnquirySuccessful: {
    source: `${LARAVEL} tests/Products/CollectionTest.php (test_can_get_transaction)`,
    status: 200,
    body: {
      data: {
        transaction: {
          airtel_money_id: '133410367531',
          id: 'd56afb6b-24ff-4371-9dc0-1c64a051cbfc',
          message: 'Your transaction has been successfully processed',
          status: 'TS',
        },
      },
      status: { response_code: 'DP00800001001', code: '200', success: true, result_code: 'ESB000010', message: 'SUCCESS' },
    },
  },
  /** A v1 disbursement answered paid at once (Airtel may; the enquiry still decides here). */
  disbursementPaid: {
    source: `${LARAVEL} tests/Products/DisbursementTest.php (test_can_disburse)`,
    status: 200,
    body: {
      data: {
        transaction: {
          reference_id: '133412377178',
          airtel_money_id: 'disburs-6EJL6CWF1D-ba1451ae-d96a-4393-b46c-b2a26cff71a3',
          id: 'ba1451ae-d96a-4393-b46c-b2a26cff71a3',
          status: 'TS',
        },
      },
      status: {
        response_code: 'DP00900001001',
        code: '200',
        success: true,
        result_code: 'ESB000010',
        message: 'You have deposited UGX 500 on 23-October-2025 20:59 Mobile Number: 0700000000 Trans ID: 133412387177.',
      },
    },
  },
  /** A disbursement's enquiry, successful. */
  disbursementEnquirySuccessful: {
    source: `${LARAVEL} tests/Products/DisbursementTest.php (test_can_get_transaction)`,
    status: 200,
    body: {
      data: {
        transaction: {
          airtel_money_id: 'disburs-6EJL6CWF1D-ba1451ae-d96a-4393-b46c-b2a26cff71a3',
          id: 'ba1451ae-d96a-4393-b46c-b2a26cff71a3',
          message: 'You have deposited UGX 500 on 23-October-2025 20:59.',
          status: 'TS',
        },
      },
      status: { response_code: 'DP00900001001', code: '200', success: true, result_code: 'ESB000010', message: 'SUCCESS' },
    },
  },
  /**
   * The same transaction id sent again: DP00900001011 "Transaction with similar information already exists in this
   * system", which 121-platform reads as "duplicate, enquire" (AirtelDisbursementResultEnum.duplicate).
   */
  disbursementDuplicate: {
    source: `${GLOBAL_121} services/121-service/src/fsp-integrations/api-integrations/airtel/services/airtel.api.helper.service.ts`,
    status: 200,
    body: {
      data: {},
      status: {
        code: '400',
        message: 'Transaction with similar information already exists in this system.',
        response_code: 'DP00900001011',
        success: false,
      },
    },
  },
  /** A refusal with a product code and a numeric result code (an invalid number). */
  disbursementRefusedNumber: {
    source: `${GLOBAL_121} services/mock-service/src/fsp-integration/airtel/airtel.mock.service.ts (invalidPhoneNumber)`,
    status: 200,
    body: {
      status: {
        response_code: 'DP00900001013',
        code: '400',
        success: false,
        result_code: '521002',
        message: 'Invalid Msisdn Length. Msisdn Length should be 9',
      },
    },
  },
  /** A refusal of the amount, the response code naming it. */
  disbursementRefusedAmount: {
    source: `${GLOBAL_121} services/mock-service/src/fsp-integration/airtel/airtel.mock.service.ts (invalidAmount)`,
    status: 200,
    body: {
      status: {
        response_code: 'DP00900001004',
        code: '400',
        success: false,
        result_code: 'ESB000008',
        message: 'Invalid Amount: The amount must not be null or blank',
      },
    },
  },
  /** The gateway's own error: a bare body, no envelope. */
  gatewayPartnerNotFound: {
    source: `${GLOBAL_121} services/mock-service/src/fsp-integration/airtel/airtel.mock.service.ts (noXCountryHeader); ${MSOMALI} models/responses.go (status_code, status_message)`,
    status: 400,
    body: { status_message: 'Partner 2d9647ada26843468f68e7090619d40b not found', status_code: 'ROUTER110' },
  },
  /** ROUTER116, "Incorrect Encrypted Pin": the disbursement PIN was not encrypted as the portal describes. */
  gatewayWrongPinEncryption: {
    source: 'developers.airtel.africa "Error Codes", ROUTER116 (the list reproduced by github.com/enocklubowa/airtel-money-java)',
    status: 400,
    body: {
      status_message: 'The encrypted value of the pin is incorrect. Kindly re-check the encryption mechanism.',
      status_code: 'ROUTER116',
    },
  },
  /** ROUTER112, "Invalid Currency". */
  gatewayInvalidCurrency: {
    source: 'developers.airtel.africa "Error Codes", ROUTER112',
    status: 400,
    body: { status_message: 'Invalid Currency', status_code: 'ROUTER112' },
  },
  /** ROUTER117, "Request Timeout": for payments, documented as "do the transaction enquiry". */
  gatewayTimeout: {
    source: 'developers.airtel.africa "Error Codes", ROUTER117 (the HTTP status as the gateway answers ROUTER110)',
    status: 400,
    body: { status_message: 'Request Timeout', status_code: 'ROUTER117' },
  },
} satisfies Record<string, AirtelAnswer>;
