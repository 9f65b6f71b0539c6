"""One reader and one writer per kind of value, used by every path, so "12,50" means the same
everywhere and "TP 2501" is "TP2501". Locale-aware through Babel (CLDR data), never through the
process locale."""

from .amounts import Amount as Amount
from .amounts import decimal_mark_of as decimal_mark_of
from .amounts import editable_amount as editable_amount
from .amounts import read_amount as read_amount
from .amounts import write_amount as write_amount
from .clock import read_duration as read_duration
from .clock import read_time as read_time
from .clock import write_duration as write_duration
from .clock import write_time as write_time
from .codes import booking_code as booking_code
from .codes import find_flight_number as find_flight_number
from .codes import flight_number as flight_number
from .codes import service_number as service_number
from .dates import date_pattern_of as date_pattern_of
from .dates import format_date as format_date
from .dates import month_language_of as month_language_of
from .dates import numeric_date as numeric_date
from .dates import read_date as read_date
from .dates import read_typed_date as read_typed_date
from .dates import short_date as short_date
from .dates import short_pattern as short_pattern
from .errors import AmbiguousAmount as AmbiguousAmount
from .errors import AmountError as AmountError
from .errors import ClockError as ClockError
from .errors import DateTextError as DateTextError
from .errors import UnreadableValue as UnreadableValue
